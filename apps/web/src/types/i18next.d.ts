// Typed translation keys: the shipped JSON files (packages/translations, one per
// namespace, `{ key: { de, en } }`) are the source of truth, so `t('typo')` fails to compile
// and every key the app uses exists in the seed.
import 'i18next';
import type Account from '@portal/translations/texts/Account.json';
import type Admin from '@portal/translations/texts/Admin.json';
import type ApiReference from '@portal/translations/texts/ApiReference.json';
import type AdminAudit from '@portal/translations/texts/AdminAudit.json';
import type AdminCustomers from '@portal/translations/texts/AdminCustomers.json';
import type AdminServices from '@portal/translations/texts/AdminServices.json';
import type AdminContent from '@portal/translations/texts/AdminContent.json';
import type Billing from '@portal/translations/texts/Billing.json';
import type Card from '@portal/translations/texts/Card.json';
import type ErrorTexts from '@portal/translations/texts/Error.json';
import type Footer from '@portal/translations/texts/Footer.json';
import type Form from '@portal/translations/texts/Form.json';
import type General from '@portal/translations/texts/General.json';
import type Legal from '@portal/translations/texts/Legal.json';
import type Licence from '@portal/translations/texts/Licence.json';
import type Modal from '@portal/translations/texts/Modal.json';
import type Navigation from '@portal/translations/texts/Navigation.json';
import type NotFound from '@portal/translations/texts/NotFound.json';
import type Notifications from '@portal/translations/texts/Notifications.json';
import type Price from '@portal/translations/texts/Price.json';
import type Profile from '@portal/translations/texts/Profile.json';
import type ProjectDetail from '@portal/translations/texts/ProjectDetail.json';
import type Projects from '@portal/translations/texts/Projects.json';
import type ServiceDetail from '@portal/translations/texts/ServiceDetail.json';
import type ServiceOverview from '@portal/translations/texts/ServiceOverview.json';
import type Sharing from '@portal/translations/texts/Sharing.json';

type Texts<T> = { [K in keyof T]: string };

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'General';
    keySeparator: false;
    resources: {
      Account: Texts<typeof Account>;
      Admin: Texts<typeof Admin>;
      ApiReference: Texts<typeof ApiReference>;
      AdminAudit: Texts<typeof AdminAudit>;
      AdminCustomers: Texts<typeof AdminCustomers>;
      AdminServices: Texts<typeof AdminServices>;
      AdminContent: Texts<typeof AdminContent>;
      Billing: Texts<typeof Billing>;
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
      Sharing: Texts<typeof Sharing>;
    };
  }
}
