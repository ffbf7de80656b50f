import type { PersonSysInfo } from '@bpw/domain/schemas/person';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { personDetailKeys, personPath } from './person-detail-keys';
import { api } from '../../../api/api';

/** GET person/{id}/sys-info: username, accepted terms, created and updated. */
export const getPersonSysInfo = (id: string, signal?: AbortSignal) =>
  api.get<PersonSysInfo>(`${personPath(id)}/sys-info`, undefined, signal);

export const personSysInfoQuery = (id: string) =>
  queryOptions({ queryKey: personDetailKeys.sysInfo(id), queryFn: ({ signal }) => getPersonSysInfo(id, signal) });

export const usePersonSysInfo = (id: string, enabled = true) => useQuery({ ...personSysInfoQuery(id), enabled });
