import { describeResource } from '../../../shared/operations';
import { allowFeatures } from './allowFeatures';
import { create } from './create';
import { deleteRole } from './delete';
import { get } from './get';
import { getAll } from './getAll';
import { getPermissions } from './getPermissions';
import { getRestrictedFeatures } from './getRestrictedFeatures';
import { getScopePermissions } from './getScopePermissions';
import { resetPermission } from './resetPermission';
import { resetScopePermission } from './resetScopePermission';
import { restrictFeatures } from './restrictFeatures';
import { setPermissions } from './setPermissions';
import { setScopePermissions } from './setScopePermissions';
import { update } from './update';

export const roleDescription = describeResource('role', [create, deleteRole, get, getAll, update, restrictFeatures, getRestrictedFeatures, allowFeatures, getPermissions, setPermissions, resetPermission, getScopePermissions, setScopePermissions, resetScopePermission], 'create');
