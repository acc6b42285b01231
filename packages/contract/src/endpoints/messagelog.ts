import { ALL_ROLES, OPERATOR_ROLES } from '../roles';
import { userOrAllParamSchema } from '../schemas/common';
import {
  messageLogCountAnswerSchema,
  successFailAnswerSchema,
  todayIncomeAnswerSchema,
} from '../schemas/dashboard';
import { endpoint } from './define';

const tags = ['Message log'] as const;

export const messagelogEndpoints = {
  messageLogCount: endpoint({
    method: 'GET',
    path: '/api/admin/messagelog/count/:userId',
    access: ALL_ROLES,
    ownerParam: 'userId',
    params: userOrAllParamSchema,
    answer: messageLogCountAnswerSchema,
    summary: 'Successful and failed sends of a member (or everyone: all)',
    tags,
  }),
  todayIncome: endpoint({
    method: 'GET',
    path: '/api/admin/messagelog/today-income/:userId',
    access: ALL_ROLES,
    ownerParam: 'userId',
    params: userOrAllParamSchema,
    answer: todayIncomeAnswerSchema,
    summary: 'What a member (or everyone: all) earned from blasts today',
    tags,
  }),
  todayCount: endpoint({
    method: 'GET',
    path: '/api/admin/messagelog/today-count',
    access: OPERATOR_ROLES,
    answer: successFailAnswerSchema,
    summary: 'Successful and failed sends today',
    tags,
  }),
  totalCount: endpoint({
    method: 'GET',
    path: '/api/admin/messagelog/total-count',
    access: OPERATOR_ROLES,
    answer: successFailAnswerSchema,
    summary: 'Successful and failed sends ever',
    tags,
  }),
} as const;
