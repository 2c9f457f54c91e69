import PremiumIcon from '@mui/icons-material/WorkspacePremium';
import { useLingui } from '@lingui/react/macro';

/** The premium badge beside a name (as in the feed, the leaderboard and profiles). */
export function PremiumBadge() {
  const { t } = useLingui();
  return <PremiumIcon color="primary" fontSize="small" titleAccess={t`Premium`} />;
}
