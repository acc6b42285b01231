import { z } from '../validation-texts';
import { INBOX_ROLES } from '../roles';
import { pageQuerySchema } from '../schemas/common';
import {
  inboxMessageRowSchema,
  inboxReplyBodySchema,
  inboxThreadParamSchema,
  inboxThreadRowSchema,
  inboxThreadsQuerySchema,
} from '../schemas/inbox';
import { endpoint, pagedSchema, saidSchema } from './define';

const tags = ['Inbox'] as const;

/**
 * Replies to blasts: threads of a chat account with one number each. A member reads and answers only
 * the threads of their own accounts, admin and dev every account's.
 */
export const inboxEndpoints = {
  inboxThreads: endpoint({
    method: 'GET',
    path: '/api/admin/inbox/threads',
    access: INBOX_ROLES,
    query: inboxThreadsQuerySchema,
    answer: pagedSchema(inboxThreadRowSchema),
    summary: 'Inbox threads, newest activity first: the caller’s own accounts’, or every one for operators',
    tags,
  }),
  inboxMessages: endpoint({
    method: 'GET',
    path: '/api/admin/inbox/threads/:id/messages',
    access: INBOX_ROLES,
    params: inboxThreadParamSchema,
    query: pageQuerySchema,
    answer: pagedSchema(inboxMessageRowSchema).extend({ thread: inboxThreadRowSchema }),
    errors: [404],
    summary: 'A thread and one page of its messages, newest first',
    tags,
  }),
  inboxRead: endpoint({
    method: 'POST',
    path: '/api/admin/inbox/threads/:id/read',
    access: INBOX_ROLES,
    params: inboxThreadParamSchema,
    answer: saidSchema,
    errors: [404],
    summary: 'Marks a thread read for its owner (an operator reading it changes nothing)',
    tags,
  }),
  inboxReply: endpoint({
    method: 'POST',
    path: '/api/admin/inbox/threads/:id/reply',
    access: INBOX_ROLES,
    params: inboxThreadParamSchema,
    body: inboxReplyBodySchema,
    answer: z.object({ msg: z.string(), message: inboxMessageRowSchema }),
    errors: [404],
    summary: 'Answers in a thread through the send policy, as a direct send: refused replies store nothing',
    tags,
  }),
} as const;
