import { z } from 'zod';
import { idSchema } from './common.js';
import { formStringList } from './form-values.js';
import { multiLineText, singleLineText } from './text.js';
import { serviceSummarySchema } from './service.js';

const HOST_PATTERN = /^(\*\.)?([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*(:\d{1,5})?$/i;

/**
 * Why a text is no host name, named so server and web say the same (the server's field
 * messages and the web's Projects texts carry one sentence per problem).
 */
export const HOST_PROBLEMS = ['hostScheme', 'hostPath', 'hostEmptyLabel', 'hostCharacters', 'hostLabel', 'hostPort'] as const;
export type HostProblem = (typeof HOST_PROBLEMS)[number];

/** The first reason `host` is no host name a browser would send, or null when it is one. */
export function hostProblem(host: string): HostProblem | null {
  if (HOST_PATTERN.test(host)) return null;
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(host)) return 'hostScheme';
  if (/[/?#]/.test(host)) return 'hostPath';
  const [name = '', ...afterColon] = host.replace(/^\*\./, '').split(':');
  if (afterColon.length > 0 && !/^\d{1,5}$/.test(afterColon.join(':'))) return 'hostPort';
  if (/[^a-z0-9.-]/i.test(name)) return 'hostCharacters';
  if (name === '' || name.split('.').some((label) => label === '')) return 'hostEmptyLabel';
  return 'hostLabel';
}

/** Host names as a browser would send them in Origin: letters, digits, dots, dashes, an optional port. */
export const hostSchema = z
  .string()
  .max(253)
  .superRefine((value, context) => {
    const problem = hostProblem(value);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  });

export const projectOwnerSchema = z.object({ oid: z.string(), name: z.string() });

/**
 * A person's role in a project, from most to least: the owner (exactly one) may do everything,
 * an editor changes the project and its licences, a viewer only reads (docs/domain.md#ownership).
 */
export const PROJECT_ROLES = ['owner', 'editor', 'viewer'] as const;
export const projectRoleSchema = z.enum(PROJECT_ROLES);
export type ProjectRole = z.infer<typeof projectRoleSchema>;

export const licenceSummarySchema = z.object({
  key: z.string(),
  id: z.string(),
  service: serviceSummarySchema,
  online: z.boolean(),
  /** Calls in the current calendar month. */
  calls: z.object({ total: z.number().int(), from: z.string(), to: z.string() }),
  createdAt: z.string(),
});
export type LicenceSummary = z.infer<typeof licenceSummarySchema>;

export const projectSchema = z.object({
  key: z.string(),
  id: z.string(),
  name: z.string(),
  description: z.string(),
  /** First line of the description, cut for cards. */
  descriptionShort: z.string(),
  projectOwner: projectOwnerSchema,
  /** The caller's role in the project. */
  role: projectRoleSchema,
  domainsProduction: z.array(z.string()),
  domainsSandbox: z.array(z.string()),
  licences: z.array(licenceSummarySchema),
  createdAt: z.string(),
  lastModified: z.string(),
});
export type Project = z.infer<typeof projectSchema>;
export const projectListSchema = z.array(projectSchema);

/** Field limits, shared by the server's schemas and the web app's forms. */
export const PROJECT_LIMITS = { name: 120, description: 2000, domains: 50 } as const;

const name = singleLineText().trim().min(1).max(PROJECT_LIMITS.name);
const description = multiLineText().trim().min(1).max(PROJECT_LIMITS.description);

export const projectCreateSchema = z
  .object({
    projectOwner: idSchema,
    name,
    description,
    domainsProduction: formStringList(hostSchema, PROJECT_LIMITS.domains).optional(),
    domainsSandbox: formStringList(hostSchema, PROJECT_LIMITS.domains).optional(),
  })
  .strict();
export type ProjectCreate = z.infer<typeof projectCreateSchema>;

export const projectPatchSchema = z
  .object({
    name: name.optional(),
    description: description.optional(),
    domainsProduction: formStringList(hostSchema, PROJECT_LIMITS.domains).optional(),
    domainsSandbox: formStringList(hostSchema, PROJECT_LIMITS.domains).optional(),
  })
  .strict()
  .refine((v) => Object.keys(v).length > 0, { message: 'nothing to change' });
export type ProjectPatch = z.infer<typeof projectPatchSchema>;
