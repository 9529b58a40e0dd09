/**
 * ARB read by a second reader that follows Flutter's gen-l10n (flutter_tools'
 * lib/src/localizations/gen_l10n_types.dart, AppResourceBundle and Message; issue 34, build items
 * 2 and 3): the file is `json.decode`d; every key not starting with `@` is a message whose value
 * must be a string; `@key` is its metadata, whose `type` gen-l10n never reads.
 */

export interface GenL10nMessage {
  value: string;
  /** `@key.type`, which gen-l10n ignores and the ARB spec defines (text, image, css). */
  type: string | undefined;
}

/** The messages gen-l10n builds from an ARB file, by resource id, and its `@@locale`. */
export function genL10n(bytes: Uint8Array): {
  messages: Map<string, GenL10nMessage>;
  locale: string | undefined;
} {
  const resources: unknown = JSON.parse(new TextDecoder().decode(bytes));
  if (typeof resources !== 'object' || resources === null || Array.isArray(resources))
    throw new Error('an ARB file decodes to a map');
  const bundle = resources as Record<string, unknown>;
  const messages = new Map<string, GenL10nMessage>();
  for (const id of Object.keys(bundle).filter((key) => !key.startsWith('@'))) {
    const value = bundle[id];
    if (typeof value !== 'string') throw new Error(`The value of "${id}" is not a string.`);
    const attributes = bundle[`@${id}`];
    if (attributes !== undefined && (typeof attributes !== 'object' || attributes === null))
      throw new Error(`The resource attribute "@${id}" is not a properly formatted Map.`);
    const type = (attributes as Record<string, unknown> | undefined)?.type;
    messages.set(id, { value, type: typeof type === 'string' ? type : undefined });
  }
  const locale = bundle['@@locale'];
  return { messages, locale: typeof locale === 'string' ? locale : undefined };
}

/** The ARB spec's resource types that are not text: the only ones we leave out. */
export const notText = (m: GenL10nMessage) =>
  m.type !== undefined && ['image', 'css'].includes(m.type.toLowerCase());
