import { PERMISSION } from '../permissions.js';
import { defineEntity } from '../schema/entity.js';
import { L, bool, datetime, readOnly, required, text } from '../schema/fields.js';

/** A public notice shown on the home page (/publicNoticeMore, /publicNoticeDetail/{id}). */
export const announcement = defineEntity({
  name: 'announcement',
  label: L('公告', 'Announcement', 'Annuncio'),
  path: 'announcements',
  permission: { read: PERMISSION.anyUser, write: PERMISSION.systemSettings },
  fields: {
    title: required(text(L('公告标题', 'Title', 'Titolo'), { max: 100 })),
    content: required(text(L('公告内容', 'Content', 'Contenuto'), { max: 20_000 })),
    pinned: bool(L('置顶', 'Pinned', 'In evidenza')),
    publisher: readOnly(text(L('发布人', 'Publisher', 'Autore'), { max: 50 })),
    publishTime: readOnly(datetime(L('发布时间', 'Published', 'Pubblicato'))),
  },
  filters: { title: 'like', publishTime: 'range' },
});
