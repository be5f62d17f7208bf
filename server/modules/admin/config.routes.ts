import { configPutSchema } from '../../../domain/schemas/back-office.schema';
import { configSectionSchema, configViewSchema } from '../../../domain/schemas/console-desk.schema';
import { allow, operator, ROLES } from '../../platform/access';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { badRequest, notFound, parseInput } from '../../infra/http/errors';
import { langOf, ok } from '../../infra/http/reply';
import { auditEntry, recordAudit } from '../../platform/audit-trail';
import {
  applySection,
  checkSection,
  EDITABLE_SECTIONS,
  isEditableSection,
  problemIn,
  type ConfigSync,
  type EditableSection,
} from './config-overrides';
import { findConfigOverrides, saveConfigOverride } from './config.repository';

/**
 * Content and configuration from the console (issue 8): read every editable section with its
 * version and last editor, and replace one section. Admin only ("operators and configuration").
 */
export async function configRoutes(app: FastifyInstance, ctx: AppContext, sync: ConfigSync) {
  const describe = async (sections: readonly EditableSection[]) => {
    const rows = await findConfigOverrides(ctx.db, sections);
    const bySection = new Map(rows.map((r) => [r.section, r]));
    return sections.map((section) => {
      const row = bySection.get(section);
      return {
        section,
        value: ctx.config.file[section],
        version: row ? Number(row.version) : 0,
        updatedBy: row?.username ?? null,
        updatedAt: row ? new Date(row.updated_at).toISOString() : null,
      };
    });
  };

  const view = allow(operator(ROLES.admin), { response: configViewSchema });
  app.get('/api/admin/config', view, async (request, reply) => {
    // Changes made through another instance are applied before they are shown.
    await sync.check();
    return ok(request, reply, { profile: ctx.config.profile, sections: await describe(EDITABLE_SECTIONS) });
  });

  app.put<{ Params: { section: string } }>(
    '/api/admin/config/:section',
    allow(operator(ROLES.admin), { body: configPutSchema, response: configSectionSchema }),
    async (request, reply) => {
      const { section } = request.params;
      if (!isEditableSection(section)) throw notFound();
      const input = parseInput(configPutSchema, request.body);
      const check = checkSection(section, input.value, ctx.config.file[section]);
      if (!check.ok) {
        throw badRequest('configInvalid', { path: check.path, problem: problemIn(check, langOf(request)) });
      }
      await saveConfigOverride(
        ctx.db,
        section,
        {
          value: check.value,
          expectedVersion: input.version,
          operatorId: request.session!.subjectId,
          fileValue: ctx.config.file[section],
        },
        (trx, before) =>
          recordAudit(trx, auditEntry(request, 'config.update', `config:${section}`, before, check.value)),
      );
      // Effective at once on this instance; the others apply it at their next version check.
      applySection(ctx, section, check.value);
      const [described] = await describe([section]);
      return ok(request, reply, described);
    },
  );
}
