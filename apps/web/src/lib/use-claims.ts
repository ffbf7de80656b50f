import { actorFromClaims, type Actor } from '@bpw/domain/permissions';
import { useMemo } from 'react';
import { useAuth } from './auth-store';
import { decodeClaims, type Claims } from './jwt-claims';

/** The signed-in user's token claims (empty when signed out). */
export function useClaims(): Claims {
  return decodeClaims(useAuth()?.token);
}

/** The signed-in user as the domain's permission predicates see her; only for showing menus. */
export function useActor(): Actor {
  const claims = useClaims();
  return useMemo(() => actorFromClaims(claims), [claims]);
}
