import PremiumIcon from '@mui/icons-material/WorkspacePremium';

/** The premium badge beside a name (as in the feed, the leaderboard and profiles). */
export function PremiumBadge() {
  return <PremiumIcon color="primary" fontSize="small" titleAccess="Premium" />;
}
