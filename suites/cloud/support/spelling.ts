/**
 * Names as the spec leaves their spelling open: a service's name in endpoint URLs and variable
 * names may take another case and other characters (DNS labels, environment variable names).
 */

/** Letters and digits only, lower case: how a name is compared wherever it is spelled. */
export const bare = (s: unknown): string =>
  String(s)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

/** Does `text` hold `name`, without case or punctuation. */
export const holdsName = (text: unknown, name: unknown): boolean => bare(text).includes(bare(name));
