/**
 * The file name of a Content-Disposition header (RFC 6266): the RFC 5987 `filename*` (UTF-8,
 * percent-encoded) wins over a plain `filename`, quoted or not. Folders and characters that file
 * systems refuse are dropped, so the name can be given to a download as it is. Null when the header
 * is missing or names no usable file.
 */
export function fileNameFromContentDisposition(header: string | null | undefined): string | null {
  if (!header) return null;
  const params = dispositionParams(header);
  const extended = params.get('filename*');
  const decoded = extended !== undefined ? decodeExtended(extended) : null;
  return safeFileName(decoded ?? params.get('filename') ?? null);
}

/** The parameters after the disposition type, names lower-cased, quoted values unquoted. */
function dispositionParams(header: string): Map<string, string> {
  const params = new Map<string, string>();
  // name=value, where value is a quoted string (with \-escapes) or a token up to the next ';'.
  const pattern = /;\s*([^\s=;]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]*))/g;
  for (const match of header.matchAll(pattern)) {
    const name = match[1]!.toLowerCase();
    if (params.has(name)) continue;
    const value = match[2] !== undefined ? match[2].replace(/\\(.)/g, '$1') : match[3]!.trim();
    params.set(name, value);
  }
  return params;
}

/** `UTF-8''name%20here.csv` -> `name here.csv`; null for another charset or bad encoding. */
function decodeExtended(value: string): string | null {
  const match = /^([^']*)'[^']*'(.*)$/.exec(value);
  if (!match) return null;
  const charset = match[1]!.toLowerCase();
  if (charset !== 'utf-8' && charset !== 'iso-8859-1') return null;
  try {
    return charset === 'utf-8'
      ? decodeURIComponent(match[2]!)
      : match[2]!.replace(/%([0-9a-f]{2})/gi, (_all, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  } catch {
    return null;
  }
}

function safeFileName(name: string | null): string | null {
  if (name === null) return null;
  const base = name.split(/[\\/]/).pop() ?? '';
  // Control characters and those Windows refuses; a name of dots only is no name.
  const cleaned = base.replace(/[\u0000-\u001f\u007f<>:"|?*]/g, '_').trim();
  return cleaned === '' || /^\.+$/.test(cleaned) ? null : cleaned;
}
