import { screenHref, screens } from '@gebere/contract/screens';
import type { TextKey } from '@gebere/i18n';
import { Cell, List, Section } from '@telegram-apps/telegram-ui';
import { Link } from 'wouter';
import { Screen } from '../../components/screen';
import { useT } from '../../lib/i18n/texts';
import { historyDepth } from '../../lib/navigation';

type MenuKey = Extract<TextKey, `home.menu.${string}`>;

/** Spec §2 "/": a button for every screen, grouped as a DA uses them. */
const groups: { header?: TextKey; items: { key: MenuKey; href: string }[] }[] = [
  {
    items: [
      { key: 'home.menu.register_farmer', href: screens.farmerRegistration.path },
      { key: 'home.menu.add_development_group', href: screens.addDevelopmentGroup.path },
      { key: 'home.menu.record_reach', href: screens.recordReach.path },
      { key: 'home.menu.record_adoption', href: screens.recordAdoption.path },
      { key: 'home.menu.feedback', href: screens.feedback.path },
    ],
  },
  {
    items: [
      { key: 'home.menu.notifications', href: screens.notificationList.path },
      { key: 'home.menu.create_notification', href: screens.notificationCreate.path },
    ],
  },
  {
    items: [
      { key: 'home.menu.da_registration', href: screens.daRegistration.path },
      { key: 'home.menu.update_profile', href: screens.daUpdateProfile.path },
      { key: 'home.menu.report_user_registration', href: screens.registerReportUser.path },
      { key: 'home.menu.report_user_update', href: screenHref('registerReportUser', { update: true }) },
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

export { HomeScreen as default };
