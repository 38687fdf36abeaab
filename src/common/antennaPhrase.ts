/** Capitals whose spoken name starts with a vowel sound ("an LTU dish", "an RF unit"). */
const VOWEL_SOUNDING_CAPITALS = 'AEFHILMNORSX';

/**
 * A CPE profile's name as a phrase in a sentence: "Long-range dish" → "a long-range dish",
 * "Outdoor unit" → "an outdoor unit"; a name that starts with an acronym keeps its capitals and
 * takes its article by how the first letter is spoken ("an LTU dish"). Used by the server's
 * message and the results dialog alike.
 */
export function antennaPhrase(name: string): string {
  if (/^[A-Z]{2}/.test(name)) return `${VOWEL_SOUNDING_CAPITALS.includes(name.charAt(0)) ? 'an' : 'a'} ${name}`;
  // Only a first word written as an ordinary capitalised word is lowered ("PtMP" stays).
  const lowered = /^[A-Z][^A-Z\s]*(\s|$)/.test(name) ? name.charAt(0).toLowerCase() + name.slice(1) : name;
  return `${/^[aeiou]/.test(lowered) ? 'an' : 'a'} ${lowered}`;
}
