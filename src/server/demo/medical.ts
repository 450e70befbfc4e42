/** Hospitals, departments and roles used by the named generators. Dict values refer to schemas/dicts. */

export interface HospitalEntry {
  name: string;
  /** District code (places.ts). */
  area: string;
  /** Street address after the district; synthesised when absent. */
  street?: string;
  /** hos_type value. */
  type: string;
  /** hos_level value. */
  level: string;
  /** hos_nature value: 1 公立, 2 民营. */
  nature: '1' | '2';
}

/** Real hospitals (Ningxia first). Addresses given only where well known. */
export const REAL_HOSPITALS: readonly HospitalEntry[] = [
  { name: '宁夏医科大学总医院', area: '640104', street: '胜利街804号', type: '1', level: '31', nature: '1' },
  { name: '宁夏回族自治区人民医院', area: '640106', street: '正源北街301号', type: '1', level: '31', nature: '1' },
  { name: '银川市第一人民医院', area: '640104', street: '利民南街2号', type: '1', level: '31', nature: '1' },
  { name: '银川市第二人民医院', area: '640104', type: '1', level: '32', nature: '1' },
  { name: '宁夏回族自治区中医医院暨中医研究院', area: '640104', type: '2', level: '31', nature: '1' },
  { name: '银川市中医医院', area: '640104', type: '2', level: '31', nature: '1' },
  { name: '宁夏回族自治区妇幼保健院', area: '640106', type: '5', level: '31', nature: '1' },
  { name: '宁夏回族自治区第五人民医院', area: '640202', type: '1', level: '31', nature: '1' },
  { name: '吴忠市人民医院', area: '640302', type: '1', level: '32', nature: '1' },
  { name: '固原市人民医院', area: '640402', type: '1', level: '32', nature: '1' },
  { name: '中卫市人民医院', area: '640502', type: '1', level: '32', nature: '1' },
  { name: '宁夏医科大学总医院心脑血管病医院', area: '640104', type: '4', level: '31', nature: '1' },
  { name: '银川爱尔眼科医院', area: '640106', type: '4', level: '21', nature: '2' },
  { name: '宁夏宁安医院', area: '640106', type: '1', level: '21', nature: '2' },
  { name: '北京协和医院', area: '110101', street: '帅府园1号', type: '1', level: '31', nature: '1' },
  { name: '复旦大学附属中山医院', area: '310104', street: '枫林路180号', type: '1', level: '31', nature: '1' },
  { name: '四川大学华西医院', area: '510107', street: '国学巷37号', type: '1', level: '31', nature: '1' },
  { name: '西安交通大学第一附属医院', area: '610113', street: '雁塔西路277号', type: '1', level: '31', nature: '1' },
  { name: '中山大学附属第一医院', area: '440104', street: '中山二路58号', type: '1', level: '31', nature: '1' },
  { name: '浙江大学医学院附属第一医院', area: '330102', street: '庆春路79号', type: '1', level: '31', nature: '1' },
  { name: '华中科技大学同济医学院附属同济医院', area: '420104', street: '解放大道1095号', type: '1', level: '31', nature: '1' },
  { name: '兰州大学第一医院', area: '620102', type: '1', level: '31', nature: '1' },
];

/** Templates for synthetic hospitals: {c} = city, {d} = district, {n} = ordinal. */
export const HOSPITAL_TEMPLATES: ReadonlyArray<{ t: string; type: string; levels: readonly string[]; nature: '1' | '2'; w: number }> = [
  { t: '{c}第{n}人民医院', type: '1', levels: ['31', '32', '21'], nature: '1', w: 5 },
  { t: '{c}{d}人民医院', type: '1', levels: ['21', '22', '32'], nature: '1', w: 3 },
  { t: '{c}中医医院', type: '2', levels: ['31', '32', '21'], nature: '1', w: 2 },
  { t: '{c}中西医结合医院', type: '3', levels: ['32', '21'], nature: '1', w: 1 },
  { t: '{c}妇幼保健院', type: '5', levels: ['31', '21'], nature: '1', w: 2 },
  { t: '{c}儿童医院', type: '4', levels: ['31', '32'], nature: '1', w: 1 },
  { t: '{c}口腔医院', type: '4', levels: ['31', '21'], nature: '1', w: 1 },
  { t: '{c}肿瘤医院', type: '4', levels: ['31', '32'], nature: '1', w: 1 },
  { t: '{c}精神卫生中心', type: '4', levels: ['31', '21'], nature: '1', w: 1 },
  { t: '{c}{d}{s}社区卫生服务中心', type: '6', levels: ['11', '0'], nature: '1', w: 3 },
  { t: '{c}康华医院', type: '1', levels: ['21', '22', '0'], nature: '2', w: 1 },
  { t: '{c}仁爱医院', type: '1', levels: ['21', '22', '0'], nature: '2', w: 1 },
  { t: '{c}{d}综合门诊部', type: '8', levels: ['0'], nature: '2', w: 1 },
  { t: '{c}健康互联网医院', type: '9', levels: ['0'], nature: '2', w: 1 },
];

export const ORDINALS: readonly string[] = ['一', '二', '三', '四', '五', '六', '七', '八', '九', '十'];

export interface DepartmentEntry {
  name: string;
  /** diag_subject value. */
  subject?: string;
  /** dept_type value. */
  type: string;
  /** Doctor expertise phrases for doctors of this department. */
  expertise?: readonly string[];
  /** prac_type value of its doctors. */
  prac?: string;
  /** 执业范围 of its doctors. */
  scope?: string;
}

export const DEPARTMENTS: readonly DepartmentEntry[] = [
  { name: '心血管内科', subject: '03', type: '1', scope: '内科专业', expertise: ['高血压、冠心病、心力衰竭及心律失常的诊治', '冠心病介入诊疗及急性心肌梗死的救治', '难治性高血压、高脂血症的规范化管理'] },
  { name: '呼吸与危重症医学科', subject: '03', type: '1', scope: '内科专业', expertise: ['慢性阻塞性肺疾病、支气管哮喘的长期管理', '肺部感染、肺结节及间质性肺病的诊治', '睡眠呼吸暂停综合征的诊断与治疗'] },
  { name: '消化内科', subject: '03', type: '1', scope: '内科专业', expertise: ['胃食管反流病、消化性溃疡、幽门螺杆菌感染的诊治', '炎症性肠病及消化道早癌的内镜诊疗', '脂肪肝、慢性肝病的随访管理'] },
  { name: '内分泌科', subject: '03', type: '1', scope: '内科专业', expertise: ['糖尿病及其并发症的综合管理', '甲状腺功能亢进、甲状腺结节的诊治', '骨质疏松、痛风及肥胖症的诊治'] },
  { name: '肾内科', subject: '03', type: '1', scope: '内科专业', expertise: ['慢性肾脏病、肾病综合征的诊治', '糖尿病肾病、高血压肾病的一体化管理', '血液透析及腹膜透析患者的长期随访'] },
  { name: '神经内科', subject: '03', type: '1', scope: '内科专业', expertise: ['脑梗死、短暂性脑缺血发作的二级预防', '头痛、眩晕、失眠的诊治', '帕金森病、癫痫的长期管理'] },
  { name: '血液内科', subject: '03', type: '1', scope: '内科专业', expertise: ['贫血、血小板减少症的诊治', '白血病、淋巴瘤的规范化治疗'] },
  { name: '风湿免疫科', subject: '03', type: '1', scope: '内科专业', expertise: ['类风湿关节炎、强直性脊柱炎的诊治', '系统性红斑狼疮、干燥综合征的长期管理'] },
  { name: '老年医学科', subject: '03', type: '1', scope: '内科专业', expertise: ['老年多病共存、多重用药的综合评估与管理', '老年认知障碍、跌倒风险的筛查与干预'] },
  { name: '全科医学科', subject: '02', type: '1', scope: '全科医学专业', expertise: ['常见病、多发病的诊治及慢病随访', '高血压、糖尿病等慢病的社区连续管理'] },
  { name: '普通外科', subject: '04', type: '1', scope: '外科专业', expertise: ['胆囊结石、疝气的微创手术治疗', '胃肠道肿瘤的外科综合治疗'] },
  { name: '骨科', subject: '04', type: '1', scope: '外科专业', expertise: ['颈腰椎退行性疾病的诊治', '骨关节炎、运动损伤的诊治及关节置换', '骨质疏松性骨折的治疗与康复指导'] },
  { name: '神经外科', subject: '04', type: '1', scope: '外科专业', expertise: ['颅脑外伤、脑出血的外科治疗', '颅内肿瘤的显微外科手术'] },
  { name: '泌尿外科', subject: '04', type: '1', scope: '外科专业', expertise: ['泌尿系结石的微创治疗', '前列腺增生、泌尿系肿瘤的诊治'] },
  { name: '甲状腺乳腺外科', subject: '04', type: '1', scope: '外科专业', expertise: ['甲状腺结节、甲状腺癌的外科治疗', '乳腺良恶性肿瘤的诊治'] },
  { name: '肝胆外科', subject: '04', type: '1', scope: '外科专业', expertise: ['肝胆胰良恶性肿瘤的外科治疗', '胆道结石的腹腔镜微创治疗'] },
  { name: '妇科', subject: '05', type: '1', scope: '妇产科专业', expertise: ['子宫肌瘤、卵巢囊肿的诊治', '月经失调、更年期综合征的诊治', '宫颈病变的筛查与治疗'] },
  { name: '产科', subject: '05', type: '1', scope: '妇产科专业', expertise: ['孕期保健与高危妊娠管理', '妊娠期糖尿病、妊娠期高血压的诊治'] },
  { name: '儿科', subject: '07', type: '1', scope: '儿科专业', expertise: ['小儿呼吸道感染、哮喘的诊治', '儿童生长发育评估及营养指导', '小儿腹泻、过敏性疾病的诊治'] },
  { name: '新生儿科', subject: '07', type: '1', scope: '儿科专业', expertise: ['早产儿、低出生体重儿的救治与随访', '新生儿黄疸、感染性疾病的诊治'] },
  { name: '眼科', subject: '10', type: '1', scope: '眼耳鼻咽喉科专业', expertise: ['白内障、青光眼的诊治', '糖尿病视网膜病变的筛查与治疗', '儿童近视防控及屈光不正的矫治'] },
  { name: '耳鼻咽喉头颈外科', subject: '11', type: '1', scope: '眼耳鼻咽喉科专业', expertise: ['慢性鼻窦炎、过敏性鼻炎的诊治', '中耳炎、突发性耳聋的诊治'] },
  { name: '口腔科', subject: '12', type: '1', prac: '3', scope: '口腔专业', expertise: ['龋病、牙髓病及根尖周病的治疗', '牙周病的系统治疗', '口腔修复及种植牙'] },
  { name: '皮肤科', subject: '13', type: '1', scope: '皮肤病与性病专业', expertise: ['湿疹、荨麻疹、银屑病的诊治', '痤疮、脱发及色素性皮肤病的诊治'] },
  { name: '精神心理科', subject: '15', type: '1', scope: '精神卫生专业', expertise: ['抑郁症、焦虑症的诊治', '睡眠障碍及心身疾病的诊治'] },
  { name: '感染性疾病科', subject: '16', type: '1', scope: '内科专业', expertise: ['病毒性肝炎的抗病毒治疗', '发热待查及不明原因感染的诊治'] },
  { name: '肿瘤内科', subject: '19', type: '1', scope: '内科专业', expertise: ['肺癌、乳腺癌、消化道肿瘤的化疗与靶向治疗', '肿瘤患者的营养支持与疼痛管理'] },
  { name: '急诊科', subject: '20', type: '1', scope: '急救医学专业', expertise: ['急危重症的快速识别与抢救', '中毒、创伤的急诊处理'] },
  { name: '康复医学科', subject: '21', type: '1', scope: '康复医学专业', expertise: ['脑卒中后的功能康复', '颈肩腰腿痛的康复治疗', '骨科术后的康复训练'] },
  { name: '疼痛科', subject: '27', type: '1', scope: '外科专业', expertise: ['带状疱疹后神经痛的微创介入治疗', '颈肩腰腿痛的综合治疗'] },
  { name: '重症医学科', subject: '28', type: '1', scope: '重症医学专业', expertise: ['多器官功能障碍的监测与支持治疗', '重症感染、脓毒症的救治'] },
  { name: '中医科', subject: '50', type: '1', prac: '2', scope: '中医专业', expertise: ['中医药调理脾胃病、失眠及亚健康状态', '慢性咳嗽、月经不调的中医辨证论治'] },
  { name: '针灸推拿科', subject: '50', type: '1', prac: '2', scope: '中医专业', expertise: ['针灸治疗面瘫、中风后遗症', '推拿治疗颈椎病、腰椎间盘突出症'] },
  { name: '中西医结合科', subject: '52', type: '1', prac: '2', scope: '中西医结合专业', expertise: ['中西医结合治疗慢性胃炎、肠易激综合征', '糖尿病及其并发症的中西医结合治疗'] },
  { name: '医学检验科', subject: '30', type: '2' },
  { name: '病理科', subject: '31', type: '2' },
  { name: '医学影像科', subject: '32', type: '2' },
  { name: '超声医学科', subject: '32', type: '2' },
  { name: '麻醉科', subject: '26', type: '2' },
  { name: '药剂科', type: '4' },
  { name: '营养科', type: '2' },
  { name: '护理部', type: '5' },
];

export const CLINICAL_DEPARTMENTS: readonly DepartmentEntry[] = DEPARTMENTS.filter((d) => d.expertise);

export const DEPARTMENT_LOCATIONS: readonly string[] = [
  '门诊楼1层', '门诊楼2层', '门诊楼3层', '门诊楼4层', '门诊楼5层', '住院部A座6层', '住院部A座8层', '住院部B座5层',
  '住院部B座10层', '医技楼2层', '医技楼3层', '综合楼7层', '急诊楼1层', '中医馆2层',
];

export const REJECT_REASONS: readonly string[] = [
  '医师执业证书照片不清晰，请重新上传',
  '医师资格证书信息与执业证书不一致',
  '首次执业时间不满3年，不符合互联网诊疗要求',
  '身份证号与姓名不匹配，请核实后重新提交',
  '执业地点与所属医院不一致，请补充多点执业备案材料',
  '职称证书缺失，请补充上传',
];

export interface RoleEntry {
  name: string;
  code: string;
  description: string;
}

/** Roles of a hospital operation console (codes avoid the seeded admin roles). */
export const ROLES: readonly RoleEntry[] = [
  { name: '运营专员', code: 'ops_staff', description: '负责平台日常运营、医生入驻跟进与活动配置' },
  { name: '运营主管', code: 'ops_manager', description: '审核运营配置，查看运营报表' },
  { name: '客服专员', code: 'customer_service', description: '处理患者咨询、投诉与售后' },
  { name: '财务专员', code: 'finance_staff', description: '负责对账、退款审核与发票开具' },
  { name: '财务主管', code: 'finance_manager', description: '审批结算、提现与分账规则' },
  { name: '审方药师', code: 'review_pharmacist', description: '审核互联网处方，确认合理用药' },
  { name: '药房管理员', code: 'pharmacy_admin', description: '维护药品目录、库存与出入库单据' },
  { name: '医务科管理员', code: 'medical_affairs', description: '审核医护资质、排班与执业备案' },
  { name: '护理部管理员', code: 'nursing_admin', description: '管理互联网+护理项目与护士派单' },
  { name: '科室主任', code: 'dept_director', description: '查看本科室医生、订单与质控数据' },
  { name: '随访专员', code: 'followup_staff', description: '执行随访计划，登记随访结果' },
  { name: '内容编辑', code: 'content_editor', description: '编辑健康科普文章、广告与公告' },
  { name: '监管上报员', code: 'regulatory_reporter', description: '维护监管平台配置，处理上报失败记录' },
  { name: '信息科管理员', code: 'it_admin', description: '维护系统参数、字典与接口配置' },
  { name: '数据分析员', code: 'data_analyst', description: '查看统计报表与数据大屏，只读权限' },
  { name: '质控专员', code: 'quality_control', description: '抽查病历与处方质量，登记质控问题' },
  { name: '营销专员', code: 'marketing_staff', description: '配置优惠券、会员等级与积分规则' },
  { name: '医保专员', code: 'med_ins_staff', description: '维护医保目录对照与医保结算' },
];
