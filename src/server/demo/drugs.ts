/**
 * A small catalogue of common drugs on the Chinese market. Generic and trade names,
 * specifications and makers are real products; approval numbers, standard codes and
 * medical-insurance codes are synthesised per entry (stable across runs).
 */
export interface DrugEntry {
  generic: string;
  trade?: string;
  spec: string;
  /** Text of a dosage_form dict item. */
  form: string;
  maker: string;
  /** 2-digit province code of the maker (domestic approval numbers), or 'import'. */
  prov: string;
  /** drug_type value: 1 西药, 2 中药, 3 中成药, 4 生物制剂. */
  type: '1' | '2' | '3' | '4';
  otc: 'Rx' | 'OTCA' | 'OTCB';
  minUnit: string;
  packUnit: string;
  packQty: number;
  /** Retail price per pack, 元. */
  price: number;
  /** med_ins_class value when the drug is in the insurance catalogue. */
  ins?: '1' | '2' | '3';
  /** special_mgmt value (default 0). */
  special?: string;
  /** storage_condition value (default 1). */
  storage?: '1' | '2' | '3';
  /** Pinyin initials of the generic name. */
  py: string;
  /** 适应症 (one phrase). */
  ind: string;
  usage: string;
}

export const DRUGS: readonly DrugEntry[] = [
  { generic: '阿莫西林胶囊', trade: '阿莫仙', spec: '0.25g×24粒', form: '胶囊剂', maker: '珠海联邦制药股份有限公司', prov: '44', type: '1', otc: 'Rx', minUnit: '粒', packUnit: '盒', packQty: 24, price: 18.5, ins: '1', special: '6', py: 'AMXLJN', ind: '敏感菌所致的呼吸道、泌尿生殖道、皮肤软组织感染', usage: '口服。成人一次0.5g，每6～8小时1次，或遵医嘱。' },
  { generic: '头孢克肟分散片', trade: '世福素', spec: '0.1g×6片', form: '分散片', maker: '广州白云山制药股份有限公司', prov: '44', type: '1', otc: 'Rx', minUnit: '片', packUnit: '盒', packQty: 6, price: 32.8, ins: '2', special: '6', py: 'TBKWFSP', ind: '敏感菌所致的咽炎、扁桃体炎、支气管炎及尿路感染', usage: '口服。成人一次0.1g，一日2次，或遵医嘱。' },
  { generic: '阿奇霉素片', trade: '希舒美', spec: '0.25g×6片', form: '片剂', maker: '辉瑞制药有限公司', prov: '21', type: '1', otc: 'Rx', minUnit: '片', packUnit: '盒', packQty: 6, price: 45.6, ins: '1', special: '6', py: 'AQMSP', ind: '敏感菌所致的呼吸道感染、皮肤软组织感染及衣原体感染', usage: '口服。一日1次，一次0.5g，连服3日，或遵医嘱。' },
  { generic: '左氧氟沙星片', trade: '可乐必妥', spec: '0.5g×4片', form: '片剂', maker: '第一三共制药(北京)有限公司', prov: '11', type: '1', otc: 'Rx', minUnit: '片', packUnit: '盒', packQty: 4, price: 39.9, ins: '1', special: '7', py: 'ZYFSXP', ind: '敏感菌所致的呼吸系统、泌尿系统感染', usage: '口服。一次0.5g，一日1次，或遵医嘱。' },
  { generic: '头孢呋辛酯片', trade: '西力欣', spec: '0.25g×12片', form: '片剂', maker: '葛兰素史克制药(苏州)有限公司', prov: '32', type: '1', otc: 'Rx', minUnit: '片', packUnit: '盒', packQty: 12, price: 52.3, ins: '1', special: '6', py: 'TBFXZP', ind: '敏感菌所致的上、下呼吸道感染及泌尿道感染', usage: '口服。成人一次0.25g，一日2次，餐后服用。' },
  { generic: '布洛芬缓释胶囊', trade: '芬必得', spec: '0.3g×20粒', form: '胶囊剂', maker: '中美天津史克制药有限公司', prov: '12', type: '1', otc: 'OTCA', minUnit: '粒', packUnit: '盒', packQty: 20, price: 21.8, ins: '1', py: 'BLFHSJN', ind: '缓解轻至中度疼痛如头痛、关节痛、牙痛及感冒发热', usage: '口服。成人一次1粒，一日2次（早晚各一次）。' },
  { generic: '对乙酰氨基酚片', trade: '必理通', spec: '0.5g×10片', form: '片剂', maker: '中美天津史克制药有限公司', prov: '12', type: '1', otc: 'OTCA', minUnit: '片', packUnit: '盒', packQty: 10, price: 12.5, ins: '1', py: 'DYXAJFP', ind: '普通感冒或流行性感冒引起的发热及轻中度疼痛', usage: '口服。成人一次1片，若持续发热或疼痛，可间隔4～6小时重复1次，24小时内不超过4次。' },
  { generic: '硝苯地平控释片', trade: '拜新同', spec: '30mg×7片', form: '片剂', maker: '拜耳医药保健有限公司', prov: '11', type: '1', otc: 'Rx', minUnit: '片', packUnit: '盒', packQty: 7, price: 33.2, ins: '1', py: 'XBDPKSP', ind: '高血压、冠心病慢性稳定型心绞痛', usage: '口服。一次30mg，一日1次，整片吞服。' },
  { generic: '苯磺酸氨氯地平片', trade: '络活喜', spec: '5mg×7片', form: '片剂', maker: '辉瑞制药有限公司', prov: '21', type: '1', otc: 'Rx', minUnit: '片', packUnit: '盒', packQty: 7, price: 28.6, ins: '1', py: 'BHSALDPP', ind: '高血压、慢性稳定性心绞痛', usage: '口服。初始剂量5mg，一日1次，最大剂量10mg。' },
  { generic: '缬沙坦胶囊', trade: '代文', spec: '80mg×7粒', form: '胶囊剂', maker: '北京诺华制药有限公司', prov: '11', type: '1', otc: 'Rx', minUnit: '粒', packUnit: '盒', packQty: 7, price: 29.5, ins: '2', py: 'XSTJN', ind: '轻、中度原发性高血压', usage: '口服。一次80mg，一日1次。' },
  { generic: '厄贝沙坦片', trade: '安博维', spec: '150mg×7片', form: '片剂', maker: '赛诺菲(杭州)制药有限公司', prov: '33', type: '1', otc: 'Rx', minUnit: '片', packUnit: '盒', packQty: 7, price: 31.4, ins: '2', py: 'EBSTP', ind: '原发性高血压；合并高血压的2型糖尿病肾病', usage: '口服。一次150mg，一日1次。' },
  { generic: '氯沙坦钾片', trade: '科素亚', spec: '50mg×7片', form: '片剂', maker: '杭州默沙东制药有限公司', prov: '33', type: '1', otc: 'Rx', minUnit: '片', packUnit: '盒', packQty: 7, price: 30.9, ins: '2', py: 'LSTJP', ind: '原发性高血压', usage: '口服。一次50mg，一日1次。' },
  { generic: '琥珀酸美托洛尔缓释片', trade: '倍他乐克', spec: '47.5mg×7片', form: '缓释片', maker: '阿斯利康制药有限公司', prov: '32', type: '1', otc: 'Rx', minUnit: '片', packUnit: '盒', packQty: 7, price: 24.7, ins: '1', py: 'HPSMTLEHSP', ind: '高血压、心绞痛、伴有左心室收缩功能异常的慢性心力衰竭', usage: '口服。一次47.5～95mg，一日1次，最好早晨服用。' },
  { generic: '阿托伐他汀钙片', trade: '立普妥', spec: '20mg×7片', form: '片剂', maker: '辉瑞制药有限公司', prov: '21', type: '1', otc: 'Rx', minUnit: '片', packUnit: '盒', packQty: 7, price: 46.2, ins: '2', py: 'ATFTTGP', ind: '高胆固醇血症、冠心病的预防', usage: '口服。常用起始剂量10～20mg，一日1次。' },
  { generic: '瑞舒伐他汀钙片', trade: '可定', spec: '10mg×7片', form: '片剂', maker: '阿斯利康制药有限公司', prov: '32', type: '1', otc: 'Rx', minUnit: '片', packUnit: '盒', packQty: 7, price: 41.8, ins: '2', py: 'RSFTTGP', ind: '原发性高胆固醇血症、混合型血脂异常', usage: '口服。起始剂量5mg，一日1次。' },
  { generic: '阿司匹林肠溶片', trade: '拜阿司匹灵', spec: '100mg×30片', form: '肠溶片', maker: '拜耳医药保健有限公司', prov: '11', type: '1', otc: 'Rx', minUnit: '片', packUnit: '盒', packQty: 30, price: 15.6, ins: '1', py: 'ASPLCRP', ind: '降低急性心肌梗死疑似患者的发病风险，预防心肌梗死复发及脑卒中二级预防', usage: '口服。一次100mg，一日1次，餐前用适量水送服。' },
  { generic: '硫酸氢氯吡格雷片', trade: '波立维', spec: '75mg×7片', form: '片剂', maker: '赛诺菲(杭州)制药有限公司', prov: '33', type: '1', otc: 'Rx', minUnit: '片', packUnit: '盒', packQty: 7, price: 118, ins: '2', py: 'LSQLBGLP', ind: '近期心肌梗死、缺血性卒中或确诊外周动脉性疾病患者', usage: '口服。一次75mg，一日1次。' },
  { generic: '盐酸二甲双胍片', trade: '格华止', spec: '0.5g×20片', form: '片剂', maker: '中美上海施贵宝制药有限公司', prov: '31', type: '1', otc: 'Rx', minUnit: '片', packUnit: '盒', packQty: 20, price: 22.4, ins: '1', py: 'YSEJSGP', ind: '单纯饮食控制及体育锻炼治疗无效的2型糖尿病', usage: '口服。起始剂量一次0.5g，一日2次，随餐服用。' },
  { generic: '阿卡波糖片', trade: '拜唐苹', spec: '50mg×30片', form: '片剂', maker: '拜耳医药保健有限公司', prov: '11', type: '1', otc: 'Rx', minUnit: '片', packUnit: '盒', packQty: 30, price: 56.9, ins: '1', py: 'AKBTP', ind: '配合饮食控制治疗2型糖尿病，降低糖耐量减低者的餐后血糖', usage: '口服。一次50mg，一日3次，用餐前即刻整片吞服或与前几口食物一起咀嚼服用。' },
  { generic: '格列美脲片', trade: '亚莫利', spec: '2mg×15片', form: '片剂', maker: '赛诺菲(北京)制药有限公司', prov: '11', type: '1', otc: 'Rx', minUnit: '片', packUnit: '盒', packQty: 15, price: 48.5, ins: '2', py: 'GLMNP', ind: '食物、运动疗法及减轻体重均不能满意控制血糖的2型糖尿病', usage: '口服。起始剂量1mg，一日1次，早餐前或早餐中服用。' },
  { generic: '甘精胰岛素注射液', trade: '来得时', spec: '3ml:300单位×1支', form: '注射剂', maker: '赛诺菲(北京)制药有限公司', prov: '11', type: '4', otc: 'Rx', minUnit: '支', packUnit: '盒', packQty: 1, price: 168, ins: '2', storage: '2', py: 'GJYDSZSY', ind: '需用胰岛素治疗的糖尿病', usage: '皮下注射。一日1次，每天固定时间给药，剂量个体化。' },
  { generic: '门冬胰岛素注射液', trade: '诺和锐', spec: '3ml:300单位(笔芯)×1支', form: '注射剂', maker: '诺和诺德(中国)制药有限公司', prov: '12', type: '4', otc: 'Rx', minUnit: '支', packUnit: '盒', packQty: 1, price: 72.5, ins: '2', storage: '2', py: 'MDYDSZSY', ind: '治疗糖尿病', usage: '皮下注射。紧邻餐前注射，剂量个体化。' },
  { generic: '奥美拉唑肠溶胶囊', trade: '洛赛克', spec: '20mg×14粒', form: '胶囊剂', maker: '阿斯利康制药有限公司', prov: '32', type: '1', otc: 'Rx', minUnit: '粒', packUnit: '盒', packQty: 14, price: 88.6, ins: '1', py: 'AMLZCRJN', ind: '胃溃疡、十二指肠溃疡、反流性食管炎及幽门螺杆菌根除', usage: '口服。一次20mg，一日1～2次，晨起吞服，不可咀嚼。' },
  { generic: '雷贝拉唑钠肠溶片', trade: '波利特', spec: '10mg×7片', form: '肠溶片', maker: '卫材(中国)药业有限公司', prov: '32', type: '1', otc: 'Rx', minUnit: '片', packUnit: '盒', packQty: 7, price: 62.3, ins: '2', py: 'LBLZNCRP', ind: '活动性十二指肠溃疡、良性活动性胃溃疡、反流性食管炎', usage: '口服。一次10～20mg，一日1次，晨服。' },
  { generic: '蒙脱石散', trade: '思密达', spec: '3g×10袋', form: '散剂', maker: '博福-益普生(天津)制药有限公司', prov: '12', type: '1', otc: 'OTCA', minUnit: '袋', packUnit: '盒', packQty: 10, price: 19.8, ins: '1', py: 'MTSS', ind: '成人及儿童急、慢性腹泻', usage: '口服。成人一次1袋，一日3次，将本品倒入50ml温水中摇匀服用。' },
  { generic: '枸橼酸莫沙必利片', trade: '加斯清', spec: '5mg×24片', form: '片剂', maker: '住友制药(苏州)有限公司', prov: '32', type: '1', otc: 'Rx', minUnit: '片', packUnit: '盒', packQty: 24, price: 46.8, ins: '2', py: 'JYSMSBLP', ind: '功能性消化不良伴有胃灼热、嗳气、恶心等消化道症状', usage: '口服。一次5mg，一日3次，饭前服用。' },
  { generic: '氯雷他定片', trade: '开瑞坦', spec: '10mg×6片', form: '片剂', maker: '拜耳医药(上海)有限公司', prov: '31', type: '1', otc: 'OTCB', minUnit: '片', packUnit: '盒', packQty: 6, price: 26.5, ins: '1', py: 'LLTDP', ind: '缓解过敏性鼻炎及慢性荨麻疹等过敏性皮肤病的症状', usage: '口服。成人及12岁以上儿童一次10mg，一日1次。' },
  { generic: '孟鲁司特钠片', trade: '顺尔宁', spec: '10mg×5片', form: '片剂', maker: '杭州默沙东制药有限公司', prov: '33', type: '1', otc: 'Rx', minUnit: '片', packUnit: '盒', packQty: 5, price: 39.5, ins: '2', py: 'MLSTNP', ind: '哮喘的预防和长期治疗；减轻过敏性鼻炎引起的症状', usage: '口服。15岁及以上患者一次10mg，一日1次，睡前服用。' },
  { generic: '沙美特罗替卡松吸入粉雾剂', trade: '舒利迭', spec: '50μg/250μg×60泡', form: '吸入剂', maker: '葛兰素史克公司(Glaxo Wellcome Production)', prov: 'import', type: '1', otc: 'Rx', minUnit: '泡', packUnit: '盒', packQty: 1, price: 218, ins: '2', py: 'SMTLTKSXRFWJ', ind: '可逆性阻塞性气道疾病的规律治疗，包括哮喘及慢性阻塞性肺疾病', usage: '经口吸入。一次1吸，一日2次。' },
  { generic: '布地奈德福莫特罗吸入粉雾剂', trade: '信必可都保', spec: '160μg/4.5μg×60吸', form: '吸入剂', maker: '阿斯利康公司(AstraZeneca AB)', prov: 'import', type: '1', otc: 'Rx', minUnit: '吸', packUnit: '支', packQty: 1, price: 226, ins: '2', py: 'BDNDFMTLXRFWJ', ind: '需要联合应用吸入皮质激素和长效β2受体激动剂的哮喘及COPD', usage: '经口吸入。一次1～2吸，一日2次。' },
  { generic: '左甲状腺素钠片', trade: '优甲乐', spec: '50μg×100片', form: '片剂', maker: '默克公司(Merck KGaA)', prov: 'import', type: '1', otc: 'Rx', minUnit: '片', packUnit: '瓶', packQty: 100, price: 29.8, ins: '1', py: 'ZJZXSNP', ind: '甲状腺功能减退症的替代治疗；甲状腺肿', usage: '口服。早餐前半小时空腹服用，剂量个体化。' },
  { generic: '甲钴胺片', trade: '弥可保', spec: '0.5mg×20片', form: '片剂', maker: '卫材(中国)药业有限公司', prov: '32', type: '1', otc: 'Rx', minUnit: '片', packUnit: '盒', packQty: 20, price: 35.6, ins: '2', py: 'JGAP', ind: '周围神经病变', usage: '口服。成人一次0.5mg，一日3次。' },
  { generic: '维生素C片', spec: '0.1g×100片', form: '片剂', maker: '华中药业股份有限公司', prov: '42', type: '1', otc: 'OTCB', minUnit: '片', packUnit: '瓶', packQty: 100, price: 3.5, ins: '1', py: 'WSSCP', ind: '预防坏血病，急慢性传染疾病及紫癜等的辅助治疗', usage: '口服。用于补充维生素C：成人一日1片。' },
  { generic: '盐酸氨溴索口服溶液', trade: '沐舒坦', spec: '100ml:0.6g', form: '口服溶液剂', maker: '上海勃林格殷格翰药业有限公司', prov: '31', type: '1', otc: 'OTCA', minUnit: '瓶', packUnit: '瓶', packQty: 1, price: 36.2, ins: '2', py: 'YSAXSKFRY', ind: '痰液黏稠不易咳出者', usage: '口服。成人一次10ml，一日2次，餐后服用。' },
  { generic: '地塞米松磷酸钠注射液', spec: '1ml:5mg×10支', form: '注射剂', maker: '天津金耀药业有限公司', prov: '12', type: '1', otc: 'Rx', minUnit: '支', packUnit: '盒', packQty: 10, price: 6.8, ins: '1', py: 'DSMSLSNZSY', ind: '过敏性与自身免疫性炎症性疾病', usage: '静脉注射或肌内注射，剂量遵医嘱。' },
  { generic: '氯化钠注射液', spec: '250ml:2.25g', form: '注射剂', maker: '四川科伦药业股份有限公司', prov: '51', type: '1', otc: 'Rx', minUnit: '瓶', packUnit: '瓶', packQty: 1, price: 4.2, ins: '1', py: 'LHNZSY', ind: '各种原因所致的失水；作为静脉给药的溶媒', usage: '静脉滴注，剂量遵医嘱。' },
  { generic: '人血白蛋白', spec: '10g(20%,50ml)', form: '注射剂', maker: '华兰生物工程股份有限公司', prov: '41', type: '4', otc: 'Rx', minUnit: '瓶', packUnit: '瓶', packQty: 1, price: 398, ins: '2', storage: '3', py: 'RXBDB', ind: '失血创伤、烧伤引起的休克；低蛋白血症', usage: '静脉滴注或静脉推注，剂量遵医嘱。' },
  { generic: '重组人干扰素α2b注射液', trade: '安福隆', spec: '300万IU×1支', form: '注射剂', maker: '天津未名生物医药有限公司', prov: '12', type: '4', otc: 'Rx', minUnit: '支', packUnit: '盒', packQty: 1, price: 58, ins: '2', storage: '2', py: 'CZRGRSZSY', ind: '慢性乙型肝炎、慢性丙型肝炎等病毒性疾病', usage: '皮下或肌内注射，剂量遵医嘱。' },
  { generic: '硫酸吗啡缓释片', trade: '美施康定', spec: '30mg×10片', form: '缓释片', maker: '萌蒂(中国)制药有限公司', prov: '11', type: '1', otc: 'Rx', minUnit: '片', packUnit: '盒', packQty: 10, price: 42.6, ins: '1', special: '1', py: 'LSMFHSP', ind: '晚期癌症患者的重度疼痛', usage: '口服。每12小时服用1次，剂量个体化，必须整片吞服。' },
  { generic: '艾司唑仑片', spec: '1mg×20片', form: '片剂', maker: '华中药业股份有限公司', prov: '42', type: '1', otc: 'Rx', minUnit: '片', packUnit: '盒', packQty: 20, price: 5.6, ins: '1', special: '3', py: 'ASZLP', ind: '失眠、焦虑、紧张、恐惧', usage: '口服。镇静一次1～2mg，一日3次；催眠1～2mg，睡前服。' },
  { generic: '莫匹罗星软膏', trade: '百多邦', spec: '2%×5g', form: '软膏剂', maker: '中美天津史克制药有限公司', prov: '12', type: '1', otc: 'OTCA', minUnit: '支', packUnit: '支', packQty: 1, price: 19.9, ins: '2', py: 'MPLXRG', ind: '革兰阳性球菌引起的皮肤感染，如脓疱病、毛囊炎', usage: '外用。局部涂于患处，一日3次，5天一疗程。' },
  { generic: '妥布霉素地塞米松滴眼液', trade: '典必殊', spec: '5ml', form: '滴眼剂', maker: '爱尔康公司(s.a. ALCON-COUVREUR n.v.)', prov: 'import', type: '1', otc: 'Rx', minUnit: '支', packUnit: '支', packQty: 1, price: 38.4, ins: '2', py: 'TBMSDSMSDYY', ind: '对肾上腺皮质激素有反应的眼科炎性病变及眼部表面的细菌感染', usage: '滴眼。每4～6小时1次，一次1～2滴。' },
  { generic: '连花清瘟胶囊', trade: '以岭', spec: '0.35g×24粒', form: '胶囊剂', maker: '石家庄以岭药业股份有限公司', prov: '13', type: '3', otc: 'Rx', minUnit: '粒', packUnit: '盒', packQty: 24, price: 26.8, ins: '1', py: 'LHQWJN', ind: '清瘟解毒，宣肺泄热。用于流行性感冒属热毒袭肺证', usage: '口服。一次4粒，一日3次。' },
  { generic: '复方丹参滴丸', trade: '天士力', spec: '27mg×180丸', form: '滴丸剂', maker: '天士力医药集团股份有限公司', prov: '12', type: '3', otc: 'OTCA', minUnit: '丸', packUnit: '瓶', packQty: 180, price: 32.5, ins: '1', py: 'FFDSDW', ind: '活血化瘀，理气止痛。用于气滞血瘀所致的胸痹', usage: '吞服或舌下含服。一次10丸，一日3次。' },
  { generic: '六味地黄丸', trade: '同仁堂', spec: '每8丸相当于饮片3g×200丸', form: '丸剂', maker: '北京同仁堂科技发展股份有限公司制药厂', prov: '11', type: '3', otc: 'OTCA', minUnit: '丸', packUnit: '瓶', packQty: 200, price: 28, ins: '1', py: 'LWDHW', ind: '滋阴补肾。用于肾阴亏损，头晕耳鸣，腰膝酸软', usage: '口服。一次8丸，一日3次。' },
  { generic: '板蓝根颗粒', trade: '白云山', spec: '10g×20袋', form: '颗粒剂', maker: '广州白云山和记黄埔中药有限公司', prov: '44', type: '3', otc: 'OTCA', minUnit: '袋', packUnit: '包', packQty: 20, price: 15.8, ins: '1', py: 'BLGKL', ind: '清热解毒，凉血利咽。用于肺胃热盛所致的咽喉肿痛', usage: '开水冲服。一次5～10g，一日3～4次。' },
  { generic: '小柴胡颗粒', trade: '白云山', spec: '10g×10袋', form: '颗粒剂', maker: '广州白云山光华制药股份有限公司', prov: '44', type: '3', otc: 'OTCA', minUnit: '袋', packUnit: '盒', packQty: 10, price: 18.6, ins: '1', py: 'XCHKL', ind: '解表散热，疏肝和胃。用于外感病邪犯少阳证', usage: '开水冲服。一次1～2袋，一日3次。' },
  { generic: '藿香正气口服液', trade: '太极', spec: '10ml×10支', form: '口服液', maker: '太极集团重庆涪陵制药厂有限公司', prov: '50', type: '3', otc: 'OTCA', minUnit: '支', packUnit: '盒', packQty: 10, price: 24.5, ins: '1', py: 'HXZQKFY', ind: '解表化湿，理气和中。用于外感风寒、内伤湿滞之胃肠型感冒', usage: '口服。一次5～10ml，一日2次，用时摇匀。' },
  { generic: '双黄连口服液', trade: '三精', spec: '10ml×10支', form: '口服液', maker: '哈药集团三精制药有限公司', prov: '23', type: '3', otc: 'OTCA', minUnit: '支', packUnit: '盒', packQty: 10, price: 19.8, ins: '1', py: 'SHLKFY', ind: '疏风解表，清热解毒。用于外感风热所致的感冒', usage: '口服。一次20ml，一日3次。' },
  { generic: '云南白药气雾剂', trade: '云南白药', spec: '85g+保险液30g', form: '气雾剂', maker: '云南白药集团股份有限公司', prov: '53', type: '3', otc: 'OTCA', minUnit: '瓶', packUnit: '盒', packQty: 1, price: 45, ins: '2', py: 'YNBYQWJ', ind: '活血散瘀，消肿止痛。用于跌打损伤、瘀血肿痛', usage: '外用，喷于伤患处。一日3～5次。' },
  { generic: '枸杞子', spec: '500g', form: '中药饮片', maker: '宁夏早康枸杞股份有限公司', prov: '64', type: '2', otc: 'OTCB', minUnit: 'g', packUnit: '袋', packQty: 500, price: 68, py: 'GQZ', ind: '滋补肝肾，益精明目', usage: '煎服，6～12g。' },
];

/** Western drugs, patent medicines, biologics: the ones that carry a 国药准字 number. */
export const APPROVED_DRUGS: readonly DrugEntry[] = DRUGS.filter((d) => d.type !== '2');
