/**
 * GB/T 2260 行政区划 seed: all 34 provincial-level divisions, and every prefecture-level city and
 * county-level division of 宁夏回族自治区 (640000) and 北京市 (110000). [code, name, pinyin];
 * the level and the parent follow from the code (省 xx0000, 市 xxxx00, 区县 otherwise).
 */
export const REGIONS: ReadonlyArray<readonly [code: string, name: string, pinyin: string]> = [
  ['110000', '北京市', 'beijing shi'],
  ['120000', '天津市', 'tianjin shi'],
  ['130000', '河北省', 'hebei sheng'],
  ['140000', '山西省', 'shanxi sheng'],
  ['150000', '内蒙古自治区', 'neimenggu zizhiqu'],
  ['210000', '辽宁省', 'liaoning sheng'],
  ['220000', '吉林省', 'jilin sheng'],
  ['230000', '黑龙江省', 'heilongjiang sheng'],
  ['310000', '上海市', 'shanghai shi'],
  ['320000', '江苏省', 'jiangsu sheng'],
  ['330000', '浙江省', 'zhejiang sheng'],
  ['340000', '安徽省', 'anhui sheng'],
  ['350000', '福建省', 'fujian sheng'],
  ['360000', '江西省', 'jiangxi sheng'],
  ['370000', '山东省', 'shandong sheng'],
  ['410000', '河南省', 'henan sheng'],
  ['420000', '湖北省', 'hubei sheng'],
  ['430000', '湖南省', 'hunan sheng'],
  ['440000', '广东省', 'guangdong sheng'],
  ['450000', '广西壮族自治区', 'guangxi zhuangzu zizhiqu'],
  ['460000', '海南省', 'hainan sheng'],
  ['500000', '重庆市', 'chongqing shi'],
  ['510000', '四川省', 'sichuan sheng'],
  ['520000', '贵州省', 'guizhou sheng'],
  ['530000', '云南省', 'yunnan sheng'],
  ['540000', '西藏自治区', 'xizang zizhiqu'],
  ['610000', '陕西省', 'shaanxi sheng'],
  ['620000', '甘肃省', 'gansu sheng'],
  ['630000', '青海省', 'qinghai sheng'],
  ['640000', '宁夏回族自治区', 'ningxia huizu zizhiqu'],
  ['650000', '新疆维吾尔自治区', 'xinjiang weiwuer zizhiqu'],
  ['710000', '台湾省', 'taiwan sheng'],
  ['810000', '香港特别行政区', 'xianggang tebie xingzhengqu'],
  ['820000', '澳门特别行政区', 'aomen tebie xingzhengqu'],
  // 北京市
  ['110100', '市辖区', 'shixiaqu'],
  ['110101', '东城区', 'dongcheng qu'],
  ['110102', '西城区', 'xicheng qu'],
  ['110105', '朝阳区', 'chaoyang qu'],
  ['110106', '丰台区', 'fengtai qu'],
  ['110107', '石景山区', 'shijingshan qu'],
  ['110108', '海淀区', 'haidian qu'],
  ['110109', '门头沟区', 'mentougou qu'],
  ['110111', '房山区', 'fangshan qu'],
  ['110112', '通州区', 'tongzhou qu'],
  ['110113', '顺义区', 'shunyi qu'],
  ['110114', '昌平区', 'changping qu'],
  ['110115', '大兴区', 'daxing qu'],
  ['110116', '怀柔区', 'huairou qu'],
  ['110117', '平谷区', 'pinggu qu'],
  ['110118', '密云区', 'miyun qu'],
  ['110119', '延庆区', 'yanqing qu'],
  // 宁夏回族自治区
  ['640100', '银川市', 'yinchuan shi'],
  ['640104', '兴庆区', 'xingqing qu'],
  ['640105', '西夏区', 'xixia qu'],
  ['640106', '金凤区', 'jinfeng qu'],
  ['640121', '永宁县', 'yongning xian'],
  ['640122', '贺兰县', 'helan xian'],
  ['640181', '灵武市', 'lingwu shi'],
  ['640200', '石嘴山市', 'shizuishan shi'],
  ['640202', '大武口区', 'dawukou qu'],
  ['640205', '惠农区', 'huinong qu'],
  ['640221', '平罗县', 'pingluo xian'],
  ['640300', '吴忠市', 'wuzhong shi'],
  ['640302', '利通区', 'litong qu'],
  ['640303', '红寺堡区', 'hongsibu qu'],
  ['640323', '盐池县', 'yanchi xian'],
  ['640324', '同心县', 'tongxin xian'],
  ['640381', '青铜峡市', 'qingtongxia shi'],
  ['640400', '固原市', 'guyuan shi'],
  ['640402', '原州区', 'yuanzhou qu'],
  ['640422', '西吉县', 'xiji xian'],
  ['640423', '隆德县', 'longde xian'],
  ['640424', '泾源县', 'jingyuan xian'],
  ['640425', '彭阳县', 'pengyang xian'],
  ['640500', '中卫市', 'zhongwei shi'],
  ['640502', '沙坡头区', 'shapotou qu'],
  ['640521', '中宁县', 'zhongning xian'],
  ['640522', '海原县', 'haiyuan xian'],
];

/** Provinces whose region nodes have the internet-hospital service opened in the demo. */
export const SERVICE_OPEN_PROVINCES = new Set(['640000', '110000']);

/** '1' 省, '2' 市, '3' 区县 (dict region_level). */
export function regionLevel(code: string): '1' | '2' | '3' {
  if (code.endsWith('0000')) return '1';
  if (code.endsWith('00')) return '2';
  return '3';
}

/** Parent code: 640104 -> 640100, 640100 -> 640000, 640000 -> null. */
export function regionParent(code: string): string | null {
  const level = regionLevel(code);
  if (level === '1') return null;
  if (level === '2') return `${code.slice(0, 2)}0000`;
  return `${code.slice(0, 4)}00`;
}
