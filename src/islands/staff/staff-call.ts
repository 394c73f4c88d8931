import type { StaffRequestInput, StaffResponse } from '../../domain/staff/contracts';
import { postJson } from './api';

/**
 * One staff action (src/server/staff/actions/), typed by its contract (src/domain/staff/contracts.ts): the request
 * an action takes, and the answer it gives. The transport is ./api.ts's.
 */
export const staffCall = <R extends StaffRequestInput>(request: R) =>
  postJson<StaffResponse<R['action']>>('/api/staff', request);
