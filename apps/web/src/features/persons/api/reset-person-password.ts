import type { MailTemplate } from '@bpw/domain/auth-schemas';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../api/api';

/** POST auth/reset-password with the person's username and a mail template, basic or welcome. */
export const resetPersonPassword = ({ email, mailTemplate }: { email: string; mailTemplate: MailTemplate }) =>
  api.post('/auth/reset-password', { email, mailTemplate });

export const useResetPersonPassword = () => useMutation({ mutationFn: resetPersonPassword });
