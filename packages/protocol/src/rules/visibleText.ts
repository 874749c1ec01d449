/**
 * Text a person reads: a name that is only a zero-width space, or a message of nothing but
 * invisible characters, shows as empty; control characters (an escape, a bell) and the bidi
 * overrides that make the text around them read backwards ("\u202Eevil") have no place in a name.
 */

/** Whether `text` shows anything: a character other than spaces, zero-width and format characters. */
export function showsSomething(text: string): boolean {
  return /[^\p{Z}\p{Cf}\s]/u.test(text);
}

/** Whether `text` holds a control character or a bidi override / isolate (U+202A–202E, U+2066–2069). */
export function carriesHiddenControls(text: string): boolean {
  return /[\p{Cc}\u202A-\u202E\u2066-\u2069]/u.test(text);
}
