import { createFileRoute } from '@tanstack/react-router';
import { EditProfilePage } from '../../../features/account/EditProfilePage';

export const Route = createFileRoute('/root/account/edit')({ component: EditProfilePage });
