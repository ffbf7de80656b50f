import type { Actor } from '@bpw/domain/permissions';
import type { UploadedImage } from '@bpw/domain/schemas/image';
import type { FeatureDeps } from '../../platform/feature-deps';
import { authorizePersonEdit, requireVisiblePersonAccess } from '../../platform/auth/person-guards';
import { notFound } from '../../platform/errors';
import type { StoredImageAnswer } from '../../platform/image-http';
import { imageProfiles, processImage } from '../../platform/images';
import { deleteStoredFiles, findStoredVariant, insertStoredImage } from '../../platform/stored-files';
import { lockAddress } from './addresses.queries';
import { findCompetenceLogoId, setCompetenceLogoId } from './competence-logo.queries';

type LogoDeps = Pick<FeatureDeps, 'db' | 'now'>;
type AddressRef = { personId: string; addressId: string };
const LOGO_VARIANT = imageProfiles.competenceLogo.variants[0].name;

/** POST .../competence-logo: authorises before the upload is read; the old logo goes in the same transaction. */
export async function uploadCompetenceLogo(
  deps: LogoDeps,
  actor: Actor,
  ref: AddressRef,
  readFile: () => Promise<Buffer>,
): Promise<UploadedImage> {
  await authorizePersonEdit(deps, actor, ref.personId);
  if (!(await findCompetenceLogoId(deps.db, ref))) throw notFound();
  const image = await processImage(await readFile(), imageProfiles.competenceLogo);
  return deps.db.transaction(async (tx) => {
    const address = await lockAddress(tx, ref);
    if (!address) throw notFound();
    const id = await insertStoredImage(tx, image);
    await setCompetenceLogoId(tx, { ...ref, competenceLogoId: id });
    await deleteStoredFiles(tx, { ids: [address.competenceLogoId] });
    return { id };
  });
}

/** DELETE .../competence-logo: 204 also when there was none. */
export async function deleteCompetenceLogo(deps: LogoDeps, actor: Actor, ref: AddressRef): Promise<void> {
  await authorizePersonEdit(deps, actor, ref.personId);
  await deps.db.transaction(async (tx) => {
    const address = await lockAddress(tx, ref);
    if (!address) throw notFound();
    await setCompetenceLogoId(tx, { ...ref, competenceLogoId: null });
    await deleteStoredFiles(tx, { ids: [address.competenceLogoId] });
  });
}

/** GET .../competence-logo: every signed-in user, like the address itself; 404 without a logo. */
export async function getCompetenceLogo(
  deps: LogoDeps,
  actor: Actor,
  ref: AddressRef & { cache?: string | undefined },
): Promise<StoredImageAnswer> {
  await requireVisiblePersonAccess(deps, actor, ref.personId);
  const logoId = (await findCompetenceLogoId(deps.db, ref))?.competenceLogoId;
  if (!logoId) throw notFound();
  const variant = await findStoredVariant(deps.db, { fileId: logoId, variant: LOGO_VARIANT });
  if (!variant) throw notFound();
  return { ...variant, etag: `${logoId}-${LOGO_VARIANT}`, isImmutable: ref.cache === logoId };
}
