import { useEffect } from 'react';
import { useNavigate } from 'react-router';

/** The menu action "check-in": opens the door page of the event (issue 19). */
export function OpenCheckInAction({ eventId }: { eventId: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    void navigate(`/check-in/${eventId}`);
  }, [eventId, navigate]);
  return null;
}
