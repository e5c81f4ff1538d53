// Whose offline copies of closure details this page may show: the signed-in user's own and the
// ones read signed out. The auth provider sets it as the session changes; kept in its own small
// module so the first paint does not load the offline snapshot code.
let owner: string | null = null;

export function setOfflineCopyOwner(uid: string | null): void {
  owner = uid;
}

export const offlineCopyOwner = (): string | null => owner;
