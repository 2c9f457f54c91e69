import { createFileRoute } from '@tanstack/react-router';
import { SHARED_PHOTO_PARAM } from '../../../core/share-target';
import { CreatePoopPage } from '../../features/create/CreatePoopPage';

/** `?shared=1`: opened by a photo shared into the app (sw/share-target.ts). */
function validateSearch(search: Record<string, unknown>): { shared?: true } {
  const value = search[SHARED_PHOTO_PARAM];
  return value === 1 || value === '1' || value === true ? { shared: true } : {};
}

function CreateRoute() {
  const { shared } = Route.useSearch();
  return <CreatePoopPage shared={shared === true} />;
}

export const Route = createFileRoute('/root/create')({ validateSearch, component: CreateRoute });
