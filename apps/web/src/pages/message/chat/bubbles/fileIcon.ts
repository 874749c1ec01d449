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
