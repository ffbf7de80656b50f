export const registrationPublicKeys = {
  detail: (keyOrId: string) => ['event-registration-public', keyOrId] as const,
};
