// Every path of the REST API the web app calls, built here and nowhere else: ids are encoded
// once, and a renamed endpoint is one change. The server's routes are the other side.

const collection = '/rest/collection';
const id = (value: string) => encodeURIComponent(value);

export const restPaths = {
  login: () => '/rest/auth',
  logout: () => '/rest/logout',
  translations: () => `${collection}/translation`,
  services: () => `${collection}/service`,
  service: (serviceId: string) => `${collection}/service/${id(serviceId)}`,
  pricePackages: () => `${collection}/price_package`,
  legalPages: () => `${collection}/rechtliches`,
  contact: () => `${collection}/contactform/send`,
  person: (oid: string) => `${collection}/person/${id(oid)}`,
  personProjects: (oid: string) => `${collection}/person/${id(oid)}/project`,
  personPassword: (oid: string) => `${collection}/person/${id(oid)}/password`,
  personAvatar: (oid: string) => `${collection}/person/${id(oid)}/avatar`,
  projects: () => `${collection}/project`,
  project: (projectId: string) => `${collection}/project/${id(projectId)}`,
  /** PUT with a service id adds the service; DELETE with a licence id removes the licence. */
  projectLicence: (projectId: string, serviceOrLicenceId: string) =>
    `${collection}/project/${id(projectId)}/service_licence/${id(serviceOrLicenceId)}`,
  licence: (licenceId: string) => `${collection}/service_licence/${id(licenceId)}`,
  adminReport: () => `${collection}/admin/projects`,
} as const;
