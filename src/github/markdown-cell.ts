/** Text in a Markdown table cell: a pipe would end the cell and a line break the row. */
export const cell = (s: string) => s.replaceAll('|', '\\|').replace(/[\r\n]+/g, ' ');
