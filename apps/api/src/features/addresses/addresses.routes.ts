import { personIdParamsSchema } from '@bpw/domain/auth-schemas';
import {
  addressInputSchema,
  addressListSchema,
  addressSchema,
  personAddressParamsSchema,
} from '@bpw/domain/schemas/address';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FeatureDeps } from '../../platform/feature-deps';
import { requireActor } from '../../platform/auth/auth-plugin';
import { authorizePersonEdit } from '../../platform/auth/person-guards';
import {
  createPersonAddress,
  deletePersonAddress,
  findPersonAddresses,
  updatePersonAddress,
} from './addresses.service';
import { competenceLogoRoutes } from './competence-logo.routes';
import { primaryItemsRoutes } from './primary-items.routes';

/** Spec 01 §7 "Addresses": a person's addresses with their e-mails, phones and URLs. */
export const addressesRoutes: FastifyPluginAsyncZod<FeatureDeps> = async (app, deps) => {
  const tags = ['addresses'];
  // Address labels: field.addressForm.* (an address's countryCode is its country, not a nationality).
  const fieldScope = 'addressForm';

  app.get(
    '/person/:id/address',
    {
      schema: {
        tags,
        summary: "A person's addresses (every signed-in user)",
        params: personIdParamsSchema,
        response: { 200: addressListSchema },
      },
    },
    async (request) => findPersonAddresses(deps, requireActor(request), request.params.id),
  );

  app.post(
    '/person/:id/address',
    {
      config: {
        fieldScope,
        authorize: (request) => authorizePersonEdit(deps, requireActor(request), request.params.id!),
      },
      schema: {
        tags,
        summary: 'Create an address with its entries (the person, her managers, admins)',
        params: personIdParamsSchema,
        body: addressInputSchema,
        response: { 201: addressSchema },
      },
    },
    async (request, reply) => {
      const address = await createPersonAddress(deps, requireActor(request), request.params.id, request.body);
      return reply.code(201).send(address);
    },
  );

  app.put(
    '/person/:id/address/:addressId',
    {
      config: {
        fieldScope,
        authorize: (request) => authorizePersonEdit(deps, requireActor(request), request.params.id!),
      },
      schema: {
        tags,
        summary: 'Replace an address; entries with an id are updated, without one created, missing ones deleted',
        params: personAddressParamsSchema,
        body: addressInputSchema,
        response: { 200: addressSchema },
      },
    },
    async (request) =>
      updatePersonAddress(deps, requireActor(request), {
        personId: request.params.id,
        addressId: request.params.addressId,
        data: request.body,
      }),
  );

  app.delete(
    '/person/:id/address/:addressId',
    {
      schema: {
        tags,
        summary: 'Delete an address with its entries and competence logo',
        params: personAddressParamsSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await deletePersonAddress(deps, requireActor(request), {
        personId: request.params.id,
        addressId: request.params.addressId,
      });
      return reply.code(204).send(null);
    },
  );

  await app.register(primaryItemsRoutes, deps);
  await app.register(competenceLogoRoutes, deps);
};
