import type { Notification } from '@bpw/domain/schemas/notification';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { createStreamTicket, streamUrl } from './api/create-stream-ticket';
import { notificationKeys } from './api/get-notifications';
import { openNotificationStream, type StreamDeps } from './notification-stream';

const browserDeps: StreamDeps = {
  createTicket: createStreamTicket,
  openEventSource: (url) => new EventSource(url),
  urlOf: streamUrl,
  setTimer: (callback, ms) => window.setTimeout(callback, ms),
  clearTimer: (timer) => window.clearTimeout(timer as number),
};

/**
 * Live updates while a person is signed in: a new notification reloads the list (and so the
 * bell's count). The stream closes when the person id goes away (logout) or the shell unmounts.
 */
export function useNotificationStream(
  personId: string | null,
  onNotification?: (notification: Notification) => void,
  deps: StreamDeps = browserDeps,
) {
  const queryClient = useQueryClient();
  const onNotificationRef = useRef(onNotification);
  useEffect(() => {
    onNotificationRef.current = onNotification;
  });
  useEffect(() => {
    if (!personId || (deps === browserDeps && typeof EventSource === 'undefined')) return undefined;
    const reload = () => void queryClient.invalidateQueries({ queryKey: notificationKeys.ofPerson(personId) });
    return openNotificationStream(deps, {
      onNotification: (notification) => {
        reload();
        onNotificationRef.current?.(notification);
      },
      onReconnected: reload,
    });
  }, [personId, queryClient, deps]);
}
