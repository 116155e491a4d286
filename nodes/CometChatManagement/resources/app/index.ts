import { describeResource } from '../../../shared/operations';
import { create } from './create';
import { deleteApp } from './delete';
import { get } from './get';
import { getAll } from './getAll';
import { requestUsage } from './requestUsage';

// The spec has no update of an app (only create, list, delete and the usage report).
export const appDescription = describeResource('app', [create, deleteApp, get, getAll, requestUsage], 'create');
