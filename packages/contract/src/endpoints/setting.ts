import { z } from '../validation-texts';
import { ALL_ROLES, OPERATOR_ROLES } from '../roles';
import { settingRowSchema, settingUpdateSchema } from '../schemas/setting';
import { endpoint } from './define';

const tags = ['Settings'] as const;
const settingAnswer = z.object({ setting: settingRowSchema });

export const settingEndpoints = {
  settingGet: endpoint({
    method: 'GET',
    path: '/api/admin/setting/get',
    access: ALL_ROLES,
    answer: settingAnswer,
    summary: 'The application settings',
    tags,
  }),
  settingUpdate: endpoint({
    method: 'PUT',
    path: '/api/admin/setting/update',
    access: OPERATOR_ROLES,
    body: settingUpdateSchema,
    answer: settingAnswer,
    summary: 'Changes the application settings',
    tags,
  }),
} as const;
