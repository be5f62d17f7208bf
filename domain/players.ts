/** A masked player name for public lists (the live feed, a referrer's invitees): "jo***@e***". */
export function maskPlayer(username: string): string {
  const [local = '', domain = ''] = username.split('@');
  return `${local.slice(0, 2)}***@${domain.slice(0, 1)}***`;
}
