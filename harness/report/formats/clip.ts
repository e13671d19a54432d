/**
 * `text` in at most `max` characters: cut at the last word boundary that fits, ending with '…', so
 * that a reader never takes a cut word ("contai") for the whole of it.
 */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const room = text.slice(0, max - 1);
  const space = room.search(/\s\S*$/);
  // One word longer than the room (an id, a URL): cut inside it, the ellipsis still says so.
  const kept = space > max / 2 ? room.slice(0, space) : room;
  return `${kept.trimEnd()}…`;
}
