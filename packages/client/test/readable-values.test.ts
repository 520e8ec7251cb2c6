import { describe, expect, it } from 'vitest';
import { eventRecord, maintenanceActionLabel, operationLog, operationText } from '../src/index.js';

/** Values stored as codes or JSON read as sentences in each language (issue 20: raw codes in the console). */
describe('values a person reads', () => {
  const kind = eventRecord.fields.kind.show!;
  const detail = eventRecord.fields.detail.show!;

  it("an event's kind and its JSON detail are labelled, with units", () => {
    expect(kind('run', 'zh-CN')).toBe('运行');
    expect(kind('powerDown', 'it-Italy')).toBe('Mancanza di alimentazione del gateway');
    expect(kind('somethingNew', 'en-US')).toBe('somethingNew');
    const run = JSON.stringify({ startFloor: 1, endFloor: 9, distance: 24.5, maxSpeed: 1.75 });
    expect(detail(run, 'en-US')).toBe('From floor 1, To floor 9, Distance 24.5 m, Top speed 1.75 m/s');
    expect(detail(run, 'zh-CN')).toBe('起始楼层：1，到达楼层：9，运行距离：24.5 m，最大速度：1.75 m/s');
    expect(detail('not json', 'en-US')).toBe('not json');
    expect(detail(null, 'en-US')).toBe('');
  });

  it('an operation log entry reads as a sentence in the reader’s language', () => {
    const row = (method: string, path: string, content: string) => ({
      userName: 'admin',
      method,
      path,
      operateContent: content,
    });
    const receive = row('POST', '/api/workOrders/20/receive', 'POST /api/workOrders/:id/:action #20');
    expect(operationText(receive.operateContent, 'en-US', receive)).toBe('admin: Received (Repair work order #20)');
    expect(operationText(receive.operateContent, 'zh-CN', receive)).toBe('admin：接单（急修工单 #20）');
    const created = row('POST', '/api/companies', 'POST /api/companies "Harbour Lifts"');
    expect(operationText(created.operateContent, 'en-US', created)).toMatch(/^admin added .+ Harbour Lifts$/);
    const removed = row('DELETE', '/api/companies/4', 'DELETE /api/companies/:id #4');
    expect(operationText(removed.operateContent, 'it-Italy', removed)).toMatch(/^admin ha eliminato .+ #4$/);
    const unknown = row('POST', '/api/somewhere/else', 'POST /api/somewhere/else');
    expect(operationText(unknown.operateContent, 'en-US', unknown)).toBe('POST /api/somewhere/else');
    expect(operationLog.fields.operateContent.show).toBe(operationText);
  });

  it('maintenance timeline actions have labels', () => {
    expect(maintenanceActionLabel('signIn', 'en-US')).toBe('Signed in at the lift');
    expect(maintenanceActionLabel('complete', 'zh-CN')).toBe('完成维保');
    expect(maintenanceActionLabel('other', 'en-US')).toBe('other');
  });
});
