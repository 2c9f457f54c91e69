import { createFileRoute } from '@tanstack/react-router';
import { DiaryEntryPage } from '../../features/diary/DiaryEntryPage';

export const Route = createFileRoute('/root/diary')({ component: DiaryEntryPage });
