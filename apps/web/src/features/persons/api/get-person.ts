import type { PersonDetail } from '@bpw/domain/schemas/person';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { personDetailKeys, personPath } from './person-detail-keys';
import { api } from '../../../api/api';

/** GET person/{id} (spec 01 §7 "Persons"). */
export const getPerson = (id: string, signal?: AbortSignal) => api.get<PersonDetail>(personPath(id), undefined, signal);

export const personQuery = (id: string) =>
  queryOptions({ queryKey: personDetailKeys.detail(id), queryFn: ({ signal }) => getPerson(id, signal) });

export const usePerson = (id: string) => useQuery(personQuery(id));
