/**
 * The XML tree the tokenizer builds. Every node carries the exact string indexes of its markup in
 * the decoded text, so renderers patch the original instead of serializing a new document.
 */

export interface XmlAttribute {
  name: string;
  /** Decoded value (references expanded, whitespace normalized as XML §3.3.3 asks). */
  value: string;
  /** Index of the attribute name. */
  start: number;
  /** Index just after the opening quote. */
  valueStart: number;
  /** Index of the closing quote. */
  valueEnd: number;
  quote: '"' | "'";
}

export interface XmlElement {
  kind: 'element';
  name: string;
  attributes: XmlAttribute[];
  children: XmlNode[];
  parent: XmlElement | undefined;
  /** Index of `<` of the start tag. */
  start: number;
  /** Index just after `>` of the start tag (for `<a/>`, equal to `end`). */
  openEnd: number;
  /** Index of `<` of the end tag (for `<a/>`, equal to `end`). */
  closeStart: number;
  /** Index just after the element's last `>`. */
  end: number;
  selfClosing: boolean;
}

export interface XmlText {
  kind: 'text';
  /** Decoded text: references expanded, CR LF normalized to LF (XML §2.11). */
  value: string;
  start: number;
  end: number;
}

export interface XmlCData {
  kind: 'cdata';
  /** The section's content, as written (CR LF normalized). */
  value: string;
  /** Index of `<![CDATA[`. */
  start: number;
  /** Index just after `]]>`. */
  end: number;
}

export interface XmlComment {
  kind: 'comment';
  value: string;
  start: number;
  end: number;
}

export interface XmlInstruction {
  kind: 'pi';
  target: string;
  start: number;
  end: number;
}

export type XmlNode = XmlElement | XmlText | XmlCData | XmlComment | XmlInstruction;

export interface XmlDocument {
  /** The whole decoded text the indexes refer to. */
  text: string;
  root: XmlElement;
  /** Line break the document uses (`\r\n` when its first line ends so), for text written into it. */
  newline: '\n' | '\r\n';
}
