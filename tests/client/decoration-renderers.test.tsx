// @vitest-environment happy-dom
/** Each decoration renderer draws its props and the tenant's live data as the app shows them. */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { COMPONENTS, COMPONENT_TYPES, defaultProps, type ComponentType } from '../../src/core/decoration/components';
import { RENDERERS } from '../../src/client/pages/decoration/renderers';
import type { LiveData } from '../../src/client/pages/decoration/live';
import { PhonePage } from '../../src/client/pages/decoration/PhonePage';

afterEach(cleanup);

const live: LiveData = {
  departments: [{ id: 'd1', name: '内分泌科' }, { id: 'd2', name: '血管外科' }],
  doctors: [{ id: 'p1', name: '王立新', title: '主任医师', department: '内分泌科', goodAt: '糖尿病足', avatar: '' }],
  announcements: [{ id: 'a1', title: '国庆节门诊安排' }],
};

/** What each type must show with its defaults and the live data above. */
const SHOWS: Record<ComponentType, string[]> = {
  navbar: ['互联网医院'],
  header: ['互联网医院', '线上复诊 · 送药到家'],
  search: ['搜索医生、科室、疾病'],
  announcement: ['公告', '国庆节门诊安排'],
  welcome: ['您好，欢迎使用互联网医院', '足不出户，复诊续方'],
  banner: [],
  headerAd: [],
  museum: ['院史馆', '建院初期'],
  navColumn: ['在线问诊'],
  redirectNav: ['预约挂号', '线下就诊提前约'],
  bottomNav: ['首页', '我的'],
  departments: ['科室导航', '内分泌科', '血管外科'],
  hospitalServices: ['医院服务', '报告查询'],
  consultation: ['在线问诊', '图文问诊', '视频问诊'],
  recommendDoctor: ['推荐医生', '王立新', '擅长：糖尿病足'],
};

describe('renderers', () => {
  it('one renderer per registered type', () => {
    expect(Object.keys(RENDERERS).sort()).toEqual([...COMPONENT_TYPES].sort());
  });
  for (const type of COMPONENT_TYPES) {
    it(`${type} (${COMPONENTS[type].title}) draws its defaults and live data`, () => {
      const R = RENDERERS[type];
      const { container } = render(<R props={defaultProps(type)} live={live} />);
      for (const t of SHOWS[type]) expect(container.textContent).toContain(t);
    });
  }
  it('a missing image shows what is missing; an uploaded one is served from the static route', () => {
    render(<RENDERERS.banner props={{ items: [{ image: '' }], height: 120 }} live={live} />);
    expect(screen.getByRole('img', { name: '轮播图（未上传）' })).toBeTruthy();
    cleanup();
    render(<RENDERERS.headerAd props={{ image: 'decoration/ad.png', height: 80 }} live={live} />);
    expect(screen.getByRole('img', { name: '头部广告' }).getAttribute('src')).toMatch(/\/sys\/common\/static\/decoration\/ad\.png$/);
  });
  it('live lists follow the count property; empty live data says so', () => {
    const { container } = render(<RENDERERS.departments props={{ title: '科室', count: 1 }} live={live} />);
    expect(container.textContent).not.toContain('血管外科');
    cleanup();
    const empty = render(<RENDERERS.recommendDoctor props={{ title: '专家' }} live={{ departments: [], doctors: [], announcements: [] }} />);
    expect(empty.container.textContent).toContain('暂无推荐医生');
  });
  it('the phone page skips hidden blocks', () => {
    const { container } = render(<PhonePage live={live} page={{ settings: { title: 't', background: '#fff', shareText: '' }, components: [
      { id: '1', type: 'welcome', props: { text: '看得见' } }, { id: '2', type: 'welcome', hidden: true, props: { text: '看不见' } },
    ] }} />);
    expect(container.textContent).toContain('看得见');
    expect(container.textContent).not.toContain('看不见');
  });
});
