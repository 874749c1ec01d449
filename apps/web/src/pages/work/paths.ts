import type { CrmType } from '@parley/protocol';

export const WORK_PATH = '/pages/work/index';
export const goodPath = (id: number) => `/pages/goinfo/goinfo?id=${id}`;
export const recordListPath = (type: CrmType) => `/pages/work/list?type=${type}`;
export const recordPath = (type: CrmType, id?: number) => `/pages/work/record?type=${type}${id ? `&id=${id}` : ''}`;
