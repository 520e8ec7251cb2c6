import Type from 'typebox';
import { UPLOAD_LIMITS } from '../constants.js';
import { PERMISSION, type Permission } from '../permissions.js';
import { L } from '../schema/fields.js';
import { fileForm, named } from './components.js';
import { defineOperation } from './define.js';

/** Uploads of images and videos the console shows (domain.md §5 limits); the answer is where the file is served. */
const tags = ['upload'];
const UploadedFile = named('UploadedFile', Type.Object({ url: Type.String() }));

const upload = <K extends 'uiSettingImage' | 'programImage' | 'programVideo'>(
  kind: K,
  operationId: string,
  permission: Permission,
) => {
  const limit = UPLOAD_LIMITS[kind];
  return defineOperation({
    operationId,
    method: 'POST',
    path: `uploads/${kind}`,
    permission,
    tags,
    summary: `Upload a ${kind} (${limit.types.join(', ')}, at most ${limit.maxBytes / 1024 / 1024} MB)`,
    body: fileForm(L('文件', 'File', 'File')),
    multipart: true,
    response: UploadedFile,
  });
};

export const uploadUiSettingImage = upload('uiSettingImage', 'uploadUiSettingImage', PERMISSION.superAdmin);
export const uploadProgramImage = upload('programImage', 'uploadProgramImage', PERMISSION.smartDevices);
export const uploadProgramVideo = upload('programVideo', 'uploadProgramVideo', PERMISSION.smartDevices);
