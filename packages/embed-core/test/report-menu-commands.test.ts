/**
 * Context/options menu commands (docs/embed-core/api-reference.md#report-and-visual): each call sends the whole command list through
 * `updateSettings`, and the report tracks commands/groups from successful settings updates.
 */
import { describe, expect, it } from 'vitest';
import { models } from '../src/index.ts';
import { RDL_URL, envelope, expectRequest, useReportFixture } from './support/report-fixture.ts';

const RDL_REFUSAL = 'This API is currently not supported for RDL reports';
const VISUAL_SELECTOR = 'http://powerbi.com/product/schema#visualSelector';
const VISUAL_TYPE_SELECTOR = 'http://powerbi.com/product/schema#visualTypeSelector';

const group: models.IMenuGroupExtension = { name: 'g1', title: 'Group one' };

describe('Report menu commands', () => {
  const f = useReportFixture();

  it('addContextMenuCommand defaults the menu title and location', async () => {
    const report = await f.embedReport();
    const result = await report.addContextMenuCommand('cmd1', 'Drill');
    const request = f.onlyRequest();
    expectRequest(
      request,
      'PATCH',
      '/report/settings',
      {
        extensions: {
          commands: [
            {
              name: 'cmd1',
              title: 'Drill',
              extend: { visualContextMenu: { title: 'Drill', menuLocation: 0 } },
            },
          ],
          groups: [],
        },
      },
      report.config.uniqueId,
    );
    expect(result).toStrictEqual(envelope(200, null, request.headers.id));
  });

  it('addContextMenuCommand with a group drops the location; a visual type wins over a name', async () => {
    const report = await f.embedReport({
      settings: { extensions: { commands: [], groups: [group] } },
    });
    await report.addContextMenuCommand(
      'cmd2',
      'Export',
      'Export data',
      models.MenuLocation.Top,
      'visual7',
      'barChart',
      'g1',
    );
    expect(f.onlyRequest().body).toStrictEqual({
      extensions: {
        commands: [
          {
            name: 'cmd2',
            title: 'Export',
            extend: { visualContextMenu: { title: 'Export data', groupName: 'g1' } },
            selector: { $schema: VISUAL_TYPE_SELECTOR, visualType: 'barChart' },
          },
        ],
        groups: [group],
      },
    });
  });

  it('addOptionsMenuCommand carries the icon key (even undefined) and a visual name selector', async () => {
    const report = await f.embedReport();
    await report.addOptionsMenuCommand(
      'cmd3',
      'Share',
      undefined,
      models.MenuLocation.Top,
      'visual7',
    );
    expect(f.onlyRequest().body).toStrictEqual({
      extensions: {
        commands: [
          {
            name: 'cmd3',
            title: 'Share',
            extend: { visualOptionsMenu: { title: 'Share', menuLocation: 1 } },
            icon: undefined,
            selector: { $schema: VISUAL_SELECTOR, visualName: 'visual7' },
          },
        ],
        groups: [],
      },
    });
  });

  it('appends to the commands the report was embedded with and remembers successful additions', async () => {
    const initial: models.ICommandExtension = {
      name: 'base',
      title: 'Base',
      extend: { visualContextMenu: { title: 'Base' } },
    };
    const report = await f.embedReport({
      settings: { extensions: { commands: [initial], groups: [group] } },
    });
    await report.addOptionsMenuCommand(
      'cmd4',
      'Pin',
      'Pin it',
      0,
      undefined,
      undefined,
      undefined,
      'data:icon',
    );
    await report.addContextMenuCommand('cmd5', 'Note');
    const [, second] = f.requests();
    const sent = second?.body as { extensions: models.IExtensions };
    expect(sent.extensions.commands.map((c) => c.name)).toEqual(['base', 'cmd4', 'cmd5']);
    expect(sent.extensions.commands[1]?.icon).toBe('data:icon');
    expect(sent.extensions.groups).toStrictEqual([group]);
  });

  it('does not remember a command the frame refused', async () => {
    const report = await f.embedReport();
    f.script({ 'PATCH /report/settings': { statusCode: 400, body: [{ message: 'bad' }] } });
    await expect(report.addContextMenuCommand('cmd1', 'Drill')).rejects.toStrictEqual([
      { message: 'bad' },
    ]);
    f.script({});
    await report.addContextMenuCommand('cmd2', 'Other');
    const last = f.requests().at(-1)?.body as { extensions: models.IExtensions };
    expect(last.extensions.commands.map((c) => c.name)).toEqual(['cmd2']);
  });

  it('removeContextMenuCommand deletes only that menu entry of the command', async () => {
    const both: models.ICommandExtension = {
      name: 'cmd',
      title: 'Both',
      icon: 'data:icon',
      extend: {
        visualContextMenu: { title: 'Ctx' },
        visualOptionsMenu: { title: 'Opt' },
      },
    };
    const report = await f.embedReport({ settings: { extensions: { commands: [both] } } });
    await report.removeContextMenuCommand('cmd', 'Ctx');
    expect(f.onlyRequest().body).toStrictEqual({
      extensions: {
        commands: [
          {
            name: 'cmd',
            title: 'Both',
            icon: 'data:icon',
            extend: { visualOptionsMenu: { title: 'Opt' } },
          },
        ],
        groups: [],
      },
    });
    // The report now knows the entry is gone.
    await expect(report.removeContextMenuCommand('cmd', 'Ctx')).rejects.toBe(
      'PowerBIEntityNotFound',
    );
  });

  it('removeOptionsMenuCommand deletes the options entry and the icon', async () => {
    const report = await f.embedReport();
    await report.addOptionsMenuCommand(
      'cmd',
      'Pin',
      'Pin it',
      0,
      undefined,
      undefined,
      'g1',
      'data:i',
    );
    f.harness.clear();
    await report.removeOptionsMenuCommand('cmd', 'Pin it');
    expect(f.onlyRequest().body).toStrictEqual({
      extensions: { commands: [{ name: 'cmd', title: 'Pin', extend: {} }], groups: [] },
    });
  });

  it("remove* rejects 'PowerBIEntityNotFound' for an unknown name or menu title, sending nothing", async () => {
    const report = await f.embedReport();
    await report.addContextMenuCommand('cmd', 'Drill', 'Drill menu');
    f.harness.clear();
    await expect(report.removeContextMenuCommand('cmd', 'Other')).rejects.toBe(
      'PowerBIEntityNotFound',
    );
    await expect(report.removeContextMenuCommand('nope', 'Drill menu')).rejects.toBe(
      'PowerBIEntityNotFound',
    );
    // The command exists but has no options-menu entry.
    await expect(report.removeOptionsMenuCommand('cmd', 'Drill menu')).rejects.toBe(
      'PowerBIEntityNotFound',
    );
    expect(f.requests()).toEqual([]);
  });

  it('all four are refused for RDL reports', async () => {
    const report = await f.embedReport({ embedUrl: RDL_URL });
    await expect(report.addContextMenuCommand('a', 'A')).rejects.toBe(RDL_REFUSAL);
    await expect(report.addOptionsMenuCommand('a', 'A')).rejects.toBe(RDL_REFUSAL);
    await expect(report.removeContextMenuCommand('a', 'A')).rejects.toBe(RDL_REFUSAL);
    await expect(report.removeOptionsMenuCommand('a', 'A')).rejects.toBe(RDL_REFUSAL);
    expect(f.requests()).toEqual([]);
  });

  it('updateSettings with extensions replaces the tracked commands and groups', async () => {
    const report = await f.embedReport();
    const cmd: models.ICommandExtension = {
      name: 'x',
      title: 'X',
      extend: { visualContextMenu: { title: 'X menu' } },
    };
    await report.updateSettings({ extensions: { commands: [cmd], groups: [group] } });
    await report.addContextMenuCommand('y', 'Y');
    const last = f.requests().at(-1)?.body as { extensions: models.IExtensions };
    expect(last.extensions.commands.map((c) => c.name)).toEqual(['x', 'y']);
    expect(last.extensions.groups).toStrictEqual([group]);
  });

  it('updateSettings with an extensions array replaces the commands with its items', async () => {
    const report = await f.embedReport({
      settings: { extensions: { commands: [], groups: [group] } },
    });
    const cmd: models.ICommandExtension = {
      name: 'arr',
      title: 'Arr',
      extend: { visualContextMenu: { title: 'Arr' } },
    };
    await report.updateSettings({ extensions: [{ command: cmd }, {}] });
    await report.removeContextMenuCommand('arr', 'Arr');
    const last = f.requests().at(-1)?.body as { extensions: models.IExtensions };
    expect(last.extensions).toStrictEqual({
      commands: [{ name: 'arr', title: 'Arr', extend: {} }],
      groups: [group],
    });
  });

  it('updateSettings without extensions keeps the tracked commands', async () => {
    const report = await f.embedReport();
    await report.addContextMenuCommand('keep', 'Keep');
    await report.updateSettings({ filterPaneEnabled: true });
    await report.addContextMenuCommand('next', 'Next');
    const last = f.requests().at(-1)?.body as { extensions: models.IExtensions };
    expect(last.extensions.commands.map((c) => c.name)).toEqual(['keep', 'next']);
  });
});
