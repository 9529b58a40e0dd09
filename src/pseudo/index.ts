/**
 * Pseudo-localization (issue 38, item 6): pseudo targets in every format, and the invisible key
 * markers that map text on screen back to keys.
 */
export { PseudoError } from './errors.ts';
export { pseudoFile, pseudoTranslations } from './file.ts';
export {
  CLOSE,
  type DecodeOptions,
  decodeMarkedText,
  KEY_BYTES,
  keyDigest,
  type MarkedText,
  markText,
  OPEN,
  openMarker,
  SEP,
  stripMarkers,
} from './markers.ts';
export { type PseudoProfile, pseudoProfile } from './profiles.ts';
export { type PseudoReport, type PseudoRunOptions, runPseudo } from './run.ts';
export { type PseudoTextOptions, pseudoText } from './text.ts';
