/** ToUnicode CMap for CIDs 1..n (texts[cid - 1]); CIDs standing for no text (second glyph of a cluster) are left out. */
const hex4 = (n: number) => n.toString(16).padStart(4, '0');

function utf16Hex(s: string): string {
  let out = '';
  for (let i = 0; i < s.length; i++) out += hex4(s.charCodeAt(i));
  return out;
}

export function toUnicodeCMap(texts: string[]): string {
  const entries: string[] = [];
  texts.forEach((t, i) => {
    if (t) entries.push(`<${hex4(i + 1)}> <${utf16Hex(t)}>`);
  });
  let body = '';
  for (let i = 0; i < entries.length; i += 100) {
    const chunk = entries.slice(i, i + 100);
    body += `${chunk.length} beginbfchar\n${chunk.join('\n')}\nendbfchar\n`;
  }
  return `/CIDInit /ProcSet findresource begin
12 dict begin
begincmap
/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def
/CMapName /Adobe-Identity-UCS def
/CMapType 2 def
1 begincodespacerange
<0000> <FFFF>
endcodespacerange
${body}endcmap
CMapName currentdict /CIDInit /ProcSet findresource /CMapName exch defineresource pop
end
end
`;
}
