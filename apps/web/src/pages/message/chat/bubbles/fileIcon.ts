/** Colour of a file card's icon by extension family. */
export function fileIconColor(ext: string): string {
  const e = ext.toLowerCase();
  if (['doc', 'docx', 'rtf', 'odt'].includes(e)) return '#2b5797';
  if (['xls', 'xlsx', 'csv', 'ods'].includes(e)) return '#1e7145';
  if (['ppt', 'pptx', 'odp'].includes(e)) return '#d24726';
  if (e === 'pdf') return '#e64340';
  if (['zip', 'rar', '7z', 'gz', 'tar'].includes(e)) return '#9a6b1f';
  if (['png', 'jpg', 'jpeg', 'gif', 'webp', 'mp4', 'webm', 'mov', 'mp3', 'ogg', 'wav', 'm4a'].includes(e)) return '#10aeff';
  return '#8c8c8c';
}

/**
 * The extension a file card shows: the one of the name the user sees ("report.pdf" → PDF), even when
 * the server typed the bytes otherwise (a ".pdf" that is not a PDF is stored as "bin"); the detected
 * one only for a name without an extension.
 */
export function badgeExtOf(name: string, detectedExt: string): string {
  const dot = name.lastIndexOf('.');
  const fromName = dot > 0 && dot < name.length - 1 ? name.slice(dot + 1) : '';
  return (fromName || detectedExt).slice(0, 4).toUpperCase();
}
