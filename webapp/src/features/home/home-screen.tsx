import type { TextKey } from '@gebere/i18n';
import { Cell, List, Section } from '@telegram-apps/telegram-ui';
import { Link } from 'wouter';
import { paths } from '../../app/paths';
import { Screen } from '../../components/screen';
import { useT } from '../../lib/i18n';
import { historyDepth } from '../../lib/navigation';

type MenuKey = Extract<TextKey, `home.menu.${string}`>;

/** Spec §2 "/": a button for every screen, grouped as a DA uses them. */
const groups: { header?: TextKey; items: { key: MenuKey; href: string }[] }[] = [
  {
    items: [
      { key: 'home.menu.register_farmer', href: paths.farmerRegistration },
      { key: 'home.menu.add_development_group', href: paths.addDevelopmentGroup },
      { key: 'home.menu.record_reach', href: paths.recordReach },
      { key: 'home.menu.record_adoption', href: paths.recordAdoption },
      { key: 'home.menu.feedback', href: paths.feedback },
    ],
  },
  {
    items: [
      { key: 'home.menu.notifications', href: paths.notificationList },
      { key: 'home.menu.create_notification', href: paths.notificationCreate },
    ],
  },
  {
    items: [
      { key: 'home.menu.da_registration', href: paths.daRegistration },
      { key: 'home.menu.update_profile', href: paths.daUpdateProfile },
      { key: 'home.menu.report_user_registration', href: paths.registerReportUser },
      { key: 'home.menu.report_user_update', href: `${paths.registerReportUser}?update=true` },
    ],
  },
];

export function HomeScreen() {
  const t = useT();
  return (
    <Screen title={t('home.title')} needsProof={false}>
      <List>
        <p className="screen-subtitle">{t('home.subtitle')}</p>
        {groups.map((group, i) => (
          <Section
            key={group.items[0]?.key ?? i}
            footer={i === groups.length - 1 ? t('home.hint') : undefined}
          >
            {group.items.map((item) => (
              <Link key={item.key} href={item.href} state={{ depth: historyDepth() + 1 }} asChild>
                <Cell Component="a" className="menu-cell">
                  {t(item.key)}
                </Cell>
              </Link>
            ))}
          </Section>
        ))}
      </List>
    </Screen>
  );
}
