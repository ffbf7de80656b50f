/**
 * The anonymous forms that send a mail (a public event registration, a membership application):
 * per client address at most this many a minute (a whole club registering from one network stays
 * well below it). One limit for both, so neither is the easier door (issue 25).
 */
export const publicFormRateLimit = { max: 20, timeWindow: '1 minute' } as const;
