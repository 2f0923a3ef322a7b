// Typed translation keys: the shipped JSON files (apps/server/src/seed/translations, one per
// namespace, `{ key: { de, en } }`) are the source of truth, so `t('typo')` fails to compile
// and every key the app uses exists in the seed.
import 'i18next';
import type Account from '../../../server/src/seed/translations/Account.json';
import type Admin from '../../../server/src/seed/translations/Admin.json';
import type Card from '../../../server/src/seed/translations/Card.json';
import type ErrorTexts from '../../../server/src/seed/translations/Error.json';
import type Footer from '../../../server/src/seed/translations/Footer.json';
import type Form from '../../../server/src/seed/translations/Form.json';
import type General from '../../../server/src/seed/translations/General.json';
import type Legal from '../../../server/src/seed/translations/Legal.json';
import type Licence from '../../../server/src/seed/translations/Licence.json';
import type Modal from '../../../server/src/seed/translations/Modal.json';
import type Navigation from '../../../server/src/seed/translations/Navigation.json';
import type NotFound from '../../../server/src/seed/translations/NotFound.json';
import type Notifications from '../../../server/src/seed/translations/Notifications.json';
import type Price from '../../../server/src/seed/translations/Price.json';
import type Profile from '../../../server/src/seed/translations/Profile.json';
import type ProjectDetail from '../../../server/src/seed/translations/ProjectDetail.json';
import type Projects from '../../../server/src/seed/translations/Projects.json';
import type ServiceDetail from '../../../server/src/seed/translations/ServiceDetail.json';
import type ServiceOverview from '../../../server/src/seed/translations/ServiceOverview.json';

type Texts<T> = { [K in keyof T]: string };

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'General';
    keySeparator: false;
    resources: {
      Account: Texts<typeof Account>;
      Admin: Texts<typeof Admin>;
      Card: Texts<typeof Card>;
      Error: Texts<typeof ErrorTexts>;
      Footer: Texts<typeof Footer>;
      Form: Texts<typeof Form>;
      General: Texts<typeof General>;
      Legal: Texts<typeof Legal>;
      Licence: Texts<typeof Licence>;
      Modal: Texts<typeof Modal>;
      Navigation: Texts<typeof Navigation>;
      NotFound: Texts<typeof NotFound>;
      Notifications: Texts<typeof Notifications>;
      Price: Texts<typeof Price>;
      Profile: Texts<typeof Profile>;
      ProjectDetail: Texts<typeof ProjectDetail>;
      Projects: Texts<typeof Projects>;
      ServiceDetail: Texts<typeof ServiceDetail>;
      ServiceOverview: Texts<typeof ServiceOverview>;
    };
  }
}
