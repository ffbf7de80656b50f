import { useAuth } from './auth-store';
import { decodeClaims, type Claims } from './jwt-claims';

/** The signed-in user's token claims (empty when signed out). */
export function useClaims(): Claims {
  return decodeClaims(useAuth()?.token);
}
