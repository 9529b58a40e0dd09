/**
 * A pseudo target of one source file, in the source's own format: every translatable unit's text
 * (each plural form) made pseudo, written by the format's writer as a sync writes a new target
 * (newTarget), so the file is byte-faithful to the source's layout and the format's tools read it.
 */
import { FormatError } from '../formats/errors.ts';
import type { FormatModule, PluralForms, Translations, Unit } from '../formats/model.ts';
import { placeholdersOf } from '../formats/model.ts';
import { newTarget } from '../formats/target.ts';
import { isIcuMessage } from '../qa/icu.ts';
import { markText } from './markers.ts';
import type { PseudoProfile } from './profiles.ts';
import { pseudoText } from './text.ts';

export interface PseudoFileOptions {
  profile: PseudoProfile;
  /** Each text carries its unit's key in invisible characters (markers.ts). */
  markKeys?: boolean;
  /** Name in error messages. */
  fileName?: string;
  sourceLang?: string;
}

/** The pseudo text of each translatable unit, by id (plural units: every form of the source). */
export function pseudoTranslations(
  format: FormatModule,
  units: readonly Unit[],
  options: PseudoFileOptions,
): Map<string, string | PluralForms> {
  const out = new Map<string, string | PluralForms>();
  for (const unit of units) {
    if (!unit.translatable) continue;
    const syntaxes = placeholdersOf(format, unit);
    const one = (text: string) => {
      const pseudo = pseudoText(text, {
        profile: options.profile,
        syntaxes,
        icu: syntaxes.includes('icu') && isIcuMessage(format.messages, text),
      });
      return options.markKeys && text.trim() !== '' ? markText(unit.id, pseudo) : pseudo;
    };
    if (unit.sourcePlural) {
      const forms = Object.fromEntries(
        Object.entries(unit.sourcePlural).map(([category, text]) => [category, one(text ?? '')]),
      ) as PluralForms;
      out.set(unit.id, forms);
    } else if (unit.source.trim() !== '') out.set(unit.id, one(unit.source));
  }
  return out;
}

/**
 * The pseudo target of `source` (a source file of `format`) and how many units it holds; `latin1`
 * when the file's encoding took only Latin-1 accents and no key markers. The
 * format's writer fills the plural categories the pseudo-locale's language needs from each unit's
 * `other` form (ar-XB: zero, one, two, few, many, other), pseudo as well.
 */
export function pseudoFile(
  format: FormatModule,
  source: Uint8Array,
  options: PseudoFileOptions,
): { bytes: Uint8Array; units: number; latin1?: true } {
  const units = format.parse(source, options.fileName ? { fileName: options.fileName } : {});
  const write = (o: PseudoFileOptions) => {
    const translations: Translations = pseudoTranslations(format, units, o);
    const bytes = newTarget(format, source, translations, {
      targetLang: o.profile.lang,
      ...(o.sourceLang ? { sourceLang: o.sourceLang } : {}),
      ...(o.fileName ? { fileName: o.fileName } : {}),
    });
    return { bytes, units: translations.size };
  };
  try {
    return write(options);
  } catch (error) {
    // A file in ISO-8859-1 (legacy text and CSV files) cannot hold every accent or any marker:
    // the accents it can hold are used instead. Right-to-left pseudo text needs bidi controls,
    // which it cannot hold at all: the writer's error stands.
    if (!(error instanceof FormatError) || options.profile.rtl || options.profile.latin1) throw error;
    try {
      const narrow = { ...options, profile: { ...options.profile, latin1: true }, markKeys: false };
      return { ...write(narrow), latin1: true };
    } catch {
      throw error;
    }
  }
}
