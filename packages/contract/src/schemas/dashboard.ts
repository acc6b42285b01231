import { z } from '../validation-texts';

const int = z.number().int();
export const whatsappCountAnswerSchema = z.object({ connectedCount: int, disconnectedCount: int });
export const messageLogCountAnswerSchema = z.object({ successCount: int, failCount: int });
export const todayIncomeAnswerSchema = z.object({ income: int });
export const balanceAnswerSchema = z.object({ balance: int });
export const successFailAnswerSchema = z.object({ success: int, fail: int });
export const totalBonusAnswerSchema = z.object({ totalBonus: int });
export const proxyCountUseAnswerSchema = z.object({ unUsed: int, used: int });
export const phoneCountBlastAnswerSchema = z.object({ blasted: int, unBlasted: int });
