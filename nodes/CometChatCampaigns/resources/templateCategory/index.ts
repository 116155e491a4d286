import { describeResource } from '../../../shared/operations';
import { create } from './create';
import { deleteCategory } from './delete';
import { get } from './get';
import { getAll } from './getAll';
import { update } from './update';

export const templateCategoryDescription = describeResource('templateCategory', [create, deleteCategory, get, getAll, update], 'getAll');
