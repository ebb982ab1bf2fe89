import { PlaceholderScreen } from '../../components/placeholder-screen';
import { useT } from '../../lib/i18n';

/** PLACEHOLDER: record reach and record adoption (issue 8). */
export function ReachAdoptionScreen({ kind }: { kind: 'reach' | 'adoption' }) {
  const t = useT();
  return (
    <PlaceholderScreen
      title={t(kind === 'reach' ? 'reach.title_reach' : 'reach.title_adoption')}
      route={kind === 'reach' ? '/record_reach' : '/record_adoption'}
    />
  );
}
